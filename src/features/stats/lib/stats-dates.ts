import { STATS_WINDOW_DAYS } from '@/api/limits';
import { ymdDate } from '@/api/schemas/common';
import { formatDate, formatLongDate, formatShortDate } from '@/lib/format';
import { DAY_MS } from '@/lib/time';


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
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The window's first day, for the "23 Nov – 29 Nov 2026" heading. */
export const windowStart = (date: string) => shiftDays(date, -6);

/**
 * The local midnight of a UTC calendar day. The format.ts helpers print dates in the user's own zone; given the
 * day's UTC midnight they would show the day before west of Greenwich, given its local midnight they show the day.
 */
function calendarDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year!, month! - 1, day!);
}

/** A UTC calendar day in the user's words ("Nov 23, 2026", "2026. 11. 23.", "2026/11/23"), without a time-zone shift of the day. */
export function formatUtcDay(date: string): string {
  return formatDate(calendarDay(date));
}


export interface StatDay {
  usageDate: string;
  usageCount: number;
  /** The calendar day (YYYY-MM-DD, UTC) the service's `MM.DD` stands for; null if it is not in the window. */
  day: string | null;
  /** "Nov 19" / "11월 19일" / "11月19日" in the active locale: a label without the year's or the order's ambiguity of `11.19`. */
  label: string;
  /** "Wednesday, November 19, 2026", for tooltips and the table. */
  longLabel: string;
}

/**
 * The API labels days `MM.DD` with no year; the window ending at `windowEnd` says which year each is in
 * (a window can straddle New Year). A label not found in the window is shown as the service sent it.
 */
export function statDays(dailyStats: readonly { usageDate: string; usageCount: number }[], windowEnd: string): StatDay[] {
  const window = Array.from({ length: STATS_WINDOW_DAYS }, (_, i) => shiftDays(windowEnd, i - (STATS_WINDOW_DAYS - 1)));
  return dailyStats.map(({ usageDate, usageCount }) => {
    const day = window.find((candidate) => `${candidate.slice(5, 7)}.${candidate.slice(8, 10)}` === usageDate) ?? null;
    const date = day ? calendarDay(day) : null;
    return {
      usageDate,
      usageCount,
      day,
      label: date ? formatShortDate(date) : usageDate,
      longLabel: date ? formatLongDate(date) : usageDate,
    };
  });
}
