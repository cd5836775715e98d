import { afterEach, describe, expect, it } from 'vitest';
import { dayCount, fullUtcDays, inDayRange, isCalendarDay, lastDays, localDay, partialSpans, toInstants, utcOffsetLabel } from './date-range';

const original = process.env.TZ;
afterEach(() => {
  process.env.TZ = original;
});

describe('the date-range rule', () => {
  it('in Asia/Seoul, 11/27–11/27 is 11/26 15:00 UTC to 11/27 15:00 UTC and holds 12:32 AM local on 11/27', () => {
    process.env.TZ = 'Asia/Seoul';
    const { start, end } = toInstants({ from: '2026-11-27', to: '2026-11-27' });
    expect(start.toISOString()).toBe('2026-11-26T15:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-27T15:00:00.000Z');
    const within = inDayRange({ from: '2026-11-27', to: '2026-11-27' });
    expect(within('2026-11-26T15:32:00.000Z')).toBe(true); // 12:32 AM on 11/27 in Seoul
    expect(within('2026-11-26T14:59:59.999Z')).toBe(false);
    expect(within('2026-11-27T15:00:00.000Z')).toBe(false); // 24:00 is the next day
    expect(utcOffsetLabel(start)).toBe('UTC+9');
  });

  it('in UTC the days are UTC days', () => {
    process.env.TZ = 'UTC';
    const range = toInstants({ from: '2026-11-20', to: '2026-11-27' });
    expect(range.start.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(range.end.toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(fullUtcDays(range)).toEqual({ fromDate: '2026-11-20', toDate: '2026-11-27' });
    expect(partialSpans(range)).toEqual([]);
    expect(utcOffsetLabel(range.start)).toBe('UTC');
  });

  it('east of UTC, only the UTC days wholly inside go to a day-based API; the hours around them are partial spans', () => {
    process.env.TZ = 'Asia/Seoul';
    const range = toInstants({ from: '2026-11-20', to: '2026-11-27' });
    expect(fullUtcDays(range)).toEqual({ fromDate: '2026-11-20', toDate: '2026-11-26' });
    expect(partialSpans(range).map((s) => [s.start.toISOString(), s.end.toISOString()])).toEqual([
      ['2026-11-19T15:00:00.000Z', '2026-11-20T00:00:00.000Z'],
      ['2026-11-27T00:00:00.000Z', '2026-11-27T15:00:00.000Z'],
    ]);
    // One local day never covers a whole UTC day: the whole range is partial.
    const one = toInstants({ from: '2026-11-27', to: '2026-11-27' });
    expect(fullUtcDays(one)).toBeNull();
    expect(partialSpans(one)).toEqual([one]);
  });

  it('west of UTC and with a half-hour offset', () => {
    process.env.TZ = 'America/New_York';
    const range = toInstants({ from: '2026-11-27', to: '2026-11-27' });
    expect(range.start.toISOString()).toBe('2026-11-27T05:00:00.000Z');
    expect(utcOffsetLabel(range.start)).toBe('UTC−5');
    process.env.TZ = 'Asia/Kolkata';
    expect(utcOffsetLabel(toInstants({ from: '2026-11-27', to: '2026-11-27' }).start)).toBe('UTC+5:30');
  });

  it('a DST day is 23 hours long and still one day', () => {
    process.env.TZ = 'Europe/Berlin';
    const { start, end } = toInstants({ from: '2026-03-29', to: '2026-03-29' });
    expect(end.getTime() - start.getTime()).toBe(23 * 3_600_000);
    expect(dayCount({ from: '2026-03-29', to: '2026-03-29' })).toBe(1);
  });

  it('calendar days, counts and defaults', () => {
    process.env.TZ = 'Asia/Seoul';
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(dayCount({ from: '2026-11-21', to: '2026-11-27' })).toBe(7);
    // 00:30 on 11/27 in Seoul is still 11/26 in UTC: "today" is the local day.
    const now = new Date('2026-11-26T15:30:00Z');
    expect(localDay(now)).toBe('2026-11-27');
    expect(lastDays(7, now)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
  });
});
