import { describe, expect, it } from 'vitest';
import { FINISHED_STATUSES } from '@/api/schemas/orders';
import { nextPollInterval } from './poll-interval';

describe('nextPollInterval', () => {
  it('starts at 1 s and backs off by 1.5 up to 10 s', () => {
    const seen: number[] = [];
    let current: number | null = null;
    for (let i = 0; i < 10; i++) {
      const next = nextPollInterval(current, 'inProgress');
      if (next === false) throw new Error('stopped');
      seen.push(next);
      current = next;
    }
    expect(seen.slice(0, 4)).toEqual([1000, 1500, 2250, 3375]);
    expect(seen.at(-1)).toBe(10_000);
    expect(Math.max(...seen)).toBe(10_000);
  });

  it('keeps polling pending orders and orders not read yet', () => {
    expect(nextPollInterval(null, 'pending')).toBe(1000);
    expect(nextPollInterval(null, undefined)).toBe(1000);
  });

  it.each(FINISHED_STATUSES)('stops at the final status %s', (status) => {
    expect(nextPollInterval(null, status)).toBe(false);
    expect(nextPollInterval(4000, status)).toBe(false);
  });
});
