import { ymdDate } from '@/api/schemas/common';

const DAY = 86_400_000;

/** Today's date as YYYY-MM-DD in UTC: the statistics calendar is UTC (docs/decisions/stats.md). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** `?date=` from the URL: a real calendar day not after today, otherwise today (a bad link must not break the page). */
export function parseDateParam(raw: string | null, today: string = todayUtc()): string {
  if (raw === null || !ymdDate.safeParse(raw).success) return today;
  return raw > today ? today : raw;
}

/** Moves a YYYY-MM-DD date by whole days in the UTC calendar. */
export function shiftDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The window's first day, for the "23 Nov – 29 Nov 2026" heading. */
export const windowStart = (date: string) => shiftDays(date, -6);

const rangeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** A UTC calendar day in the user's words ("Nov 23, 2026"), without a time-zone shift of the day. */
export function formatUtcDay(date: string): string {
  return rangeFormat.format(new Date(`${date}T00:00:00Z`));
}

const shortDayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export interface StatDay {
  usageDate: string;
  usageCount: number;
  /** The calendar day (YYYY-MM-DD, UTC) the service's `MM.DD` stands for; null if it is not in the window. */
  day: string | null;
  /** "Nov 19" in the user's locale: a label without the year's or the order's ambiguity of `11.19`. */
  label: string;
  /** "Wednesday, November 19, 2026", for tooltips and the table. */
  longLabel: string;
}

/**
 * The API labels days `MM.DD` with no year; the window ending at `windowEnd` says which year each is in
 * (a window can straddle New Year). A label not found in the window is shown as the service sent it.
 */
export function statDays(dailyStats: readonly { usageDate: string; usageCount: number }[], windowEnd: string): StatDay[] {
  const window = Array.from({ length: 7 }, (_, i) => shiftDays(windowEnd, i - 6));
  return dailyStats.map(({ usageDate, usageCount }) => {
    const day = window.find((candidate) => `${candidate.slice(5, 7)}.${candidate.slice(8, 10)}` === usageDate) ?? null;
    const date = day ? new Date(`${day}T00:00:00Z`) : null;
    return {
      usageDate,
      usageCount,
      day,
      label: date ? shortDayFormat.format(date) : usageDate,
      longLabel: date ? longDayFormat.format(date) : usageDate,
    };
  });
}
