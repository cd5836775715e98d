import { describe, expect, it } from 'vitest';
import { formatRetries, nextRetryDue } from './next-retry';

const sent = '2026-11-23T10:00:00.000Z';

describe('nextRetryDue', () => {
  it('uses the emulator time when it is known', () => {
    const due = nextRetryDue({ status: 'RETRYING', retries: 1, lastSentAt: sent }, '2026-11-23T10:00:09.000Z');
    expect(due).toEqual({ at: new Date('2026-11-23T10:00:09.000Z'), approximate: false });
  });

  it('computes 1, 2 then 4 seconds after the last send, marked approximate', () => {
    expect(nextRetryDue({ status: 'PENDING', retries: 0, lastSentAt: sent })?.at.toISOString()).toBe('2026-11-23T10:00:01.000Z');
    expect(nextRetryDue({ status: 'RETRYING', retries: 1, lastSentAt: sent })?.at.toISOString()).toBe('2026-11-23T10:00:02.000Z');
    const third = nextRetryDue({ status: 'RETRYING', retries: 2, lastSentAt: sent });
    expect(third?.at.toISOString()).toBe('2026-11-23T10:00:04.000Z');
    expect(third?.approximate).toBe(true);
  });

  it('has nothing due once settled, never sent, or out of retries', () => {
    expect(nextRetryDue({ status: 'SENT', retries: 0, lastSentAt: sent })).toBeNull();
    expect(nextRetryDue({ status: 'FAILED', retries: 3, lastSentAt: sent }, '2026-11-23T10:00:09.000Z')).toBeNull();
    expect(nextRetryDue({ status: 'PENDING', retries: 0, lastSentAt: null })).toBeNull();
    expect(nextRetryDue({ status: 'RETRYING', retries: 3, lastSentAt: sent })).toBeNull();
  });
});

describe('formatRetries', () => {
  it('says how many of the three retries were made, and the re-sends beyond them, with the API\'s own figure', () => {
    expect(formatRetries(2)).toBe('2 of 3');
    expect(formatRetries(0)).toBe('0 of 3');
    expect(formatRetries(3)).toBe('3 of 3');
    expect(formatRetries(6)).toBe('6 (3 automatic, 3 re-sent)');
  });
});
