import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('uses one unit that fits', () => {
    expect(formatDuration(22_400)).toBe('22 seconds');
    expect(formatDuration(210_000)).toBe('3.5 minutes');
    expect(formatDuration(2 * 3600_000)).toBe('2 hours');
  });
});
