import { describe, expect, it } from 'vitest';
import { formatUtcDay, parseDateParam, shiftDays, todayUtc, windowStart } from './stats-dates';

describe('parseDateParam', () => {
  const today = '2026-11-23';
  it('keeps a real past date or today', () => {
    expect(parseDateParam('2026-01-05', today)).toBe('2026-01-05');
    expect(parseDateParam('2026-11-23', today)).toBe('2026-11-23');
  });
  it.each([null, '', 'abc', '2026-1-1', '2026-02-30', '2026-11-24', '2999-01-01'])('turns %j into today', (raw) => {
    expect(parseDateParam(raw, today)).toBe(today);
  });
});

describe('UTC calendar helpers', () => {
  it('takes today in UTC, not local time', () => {
    expect(todayUtc(new Date('2026-11-23T23:30:00-05:00'))).toBe('2026-11-24');
  });
  it('shifts across month and year boundaries', () => {
    expect(shiftDays('2026-01-03', -7)).toBe('2025-12-27');
    expect(shiftDays('2026-02-26', 7)).toBe('2026-03-05');
    expect(windowStart('2026-03-03')).toBe('2026-02-25');
  });
  it('formats a UTC day without shifting it to the previous day', () => {
    expect(formatUtcDay('2026-01-01')).toContain('2026');
    expect(formatUtcDay('2026-01-01')).toMatch(/Jan 1, 2026|1 Jan 2026/);
  });
});
