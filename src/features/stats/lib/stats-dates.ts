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
