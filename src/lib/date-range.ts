import { DAY_MS } from '@/lib/time';
/**
 * The one rule for every date range in the app: the dates a user picks are calendar days in the user's (browser's)
 * time zone, both included. A range is the instants from 00:00 of the first day to 24:00 of the last day (exclusive),
 * converted to UTC for the API. `DateRangeHint` (src/components/ui/data/date-range-hint.tsx) says so beside the fields.
 *
 * APIs that take whole UTC days (retry-failed) are called only for the UTC days that lie wholly inside the range
 * (`fullUtcDays`); the parts of the range outside those days (`partialSpans`) are handled event by event by the caller.
 */

/** Local calendar days, `YYYY-MM-DD`, both included. */
export interface DayRange {
  from: string;
  to: string;
}

/** Instants: `start` included, `end` excluded. */
export interface InstantRange {
  start: Date;
  end: Date;
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** `2026-11-27` of an instant, in the browser's time zone. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function parts(day: string): [number, number, number] | null {
  const match = YMD.exec(day);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** A real calendar day written `YYYY-MM-DD` (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  const p = parts(day);
  if (!p) return false;
  const date = new Date(p[0], p[1] - 1, p[2]);
  return date.getFullYear() === p[0] && date.getMonth() === p[1] - 1 && date.getDate() === p[2];
}

/** 00:00 of a local day (a day whose midnight is skipped by a DST change starts at the first instant that exists). */
export function startOfLocalDay(day: string): Date {
  const p = parts(day);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a programmer's error, never shown
  if (!p) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  return new Date(p[0], p[1] - 1, p[2]);
}

/** 24:00 of a local day, i.e. 00:00 of the next one. */
export function endOfLocalDay(day: string): Date {
  const p = parts(day);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a programmer's error, never shown
  if (!p) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  return new Date(p[0], p[1] - 1, p[2] + 1);
}

/** The rule: from 00:00 of `from` to 24:00 of `to`, in the browser's time zone. */
export function toInstants(range: DayRange): InstantRange {
  return { start: startOfLocalDay(range.from), end: endOfLocalDay(range.to) };
}

/** Whether an instant (ISO string or Date) lies in the range. */
export function inDayRange(range: DayRange): (at: string | Date) => boolean {
  const { start, end } = toInstants(range);
  return (at) => {
    const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
    return ms >= start.getTime() && ms < end.getTime();
  };
}

/** The last `days` local days, today included. */
export function lastDays(days: number, now = new Date()): DayRange {
  return { from: localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1))), to: localDay(now) };
}

/** Number of calendar days from `from` to `to`, both included (1 for a single day). */
export function dayCount(range: DayRange): number {
  const f = parts(range.from);
  const t = parts(range.to);
  if (!f || !t) return 0;
  return Math.round((Date.UTC(t[0], t[1] - 1, t[2]) - Date.UTC(f[0], f[1] - 1, f[2])) / DAY_MS) + 1;
}

const utcDayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The UTC days (`YYYY-MM-DD`, both included) that lie wholly inside the instants, or null when none does (a single
 * local day east or west of UTC never covers a whole UTC day).
 */
export function fullUtcDays({ start, end }: InstantRange): { fromDate: string; toDate: string } | null {
  const first = Math.ceil(start.getTime() / DAY_MS) * DAY_MS;
  const endOfLast = Math.floor(end.getTime() / DAY_MS) * DAY_MS;
  if (endOfLast - first < DAY_MS) return null;
  return { fromDate: utcDayOf(first), toDate: utcDayOf(endOfLast - DAY_MS) };
}

/** The parts of the instants outside `fullUtcDays` (none in UTC itself; the whole range when no UTC day fits). */
export function partialSpans(range: InstantRange): InstantRange[] {
  const full = fullUtcDays(range);
  if (!full) return [range];
  const fullStart = new Date(Date.parse(`${full.fromDate}T00:00:00Z`));
  const fullEnd = new Date(Date.parse(`${full.toDate}T00:00:00Z`) + DAY_MS);
  const spans: InstantRange[] = [];
  if (range.start < fullStart) spans.push({ start: range.start, end: fullStart });
  if (fullEnd < range.end) spans.push({ start: fullEnd, end: range.end });
  return spans;
}

/** The browser's IANA time zone, e.g. `Asia/Seoul` (empty when the runtime does not say). */
export function timeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
}

/** `UTC+9`, `UTC+5:30`, `UTC−3:30`, `UTC` for an instant's offset in the browser's time zone. */
export function utcOffsetLabel(at = new Date()): string {
  const minutes = -at.getTimezoneOffset();
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '−';
  const h = Math.floor(Math.abs(minutes) / 60);
  const m = Math.abs(minutes) % 60;
  return `UTC${sign}${h}${m ? `:${pad(m)}` : ''}`;
}
