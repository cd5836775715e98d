import { STATS_WINDOW_DAYS } from '../../src/api/limits';
import { DAY_MS as DAY } from '../../src/lib/time';
import type { Db } from '../db/database';


/**
 * Y-axis ticks: 0 up to the first "nice" multiple covering `max`, with a step of
 * 1, 2 or 5 times a power of ten (never below 1: counts are whole files), 4 to 6
 * ticks. All zero → [0, 1, 2, 3] so an empty chart still has a readable axis.
 */
export function niceTicks(max: number): number[] {
  const target = Math.max(0, Math.ceil(max));
  let step = 1;
  for (let power = 1; ; power *= 10) {
    const found = [1, 2, 5].map((m) => m * power).find((s) => Math.ceil(target / s) <= 5);
    if (found !== undefined) {
      step = found;
      break;
    }
  }
  const intervals = Math.max(3, Math.ceil(target / step));
  return Array.from({ length: intervals + 1 }, (_, i) => i * step);
}

/**
 * A UTC day's key in usage_daily ('YYYY-MM-DD'; a day before year 0 has none there) and its `MM.DD` label, read from
 * the calendar fields: sliced from toISOString(), year -1's '-000001-12-26' was labelled `01.12`.
 */
const ymd = (time: number) => new Date(time).toISOString().slice(0, 10);
const two = (n: number) => String(n).padStart(2, '0');
const label = (time: number) => `${two(new Date(time).getUTCMonth() + 1)}.${two(new Date(time).getUTCDate())}`;

/** The 7 UTC days ending at `date` (inclusive), oldest first, days without use as 0. */
export function recentStats(db: Db, accountId: number, date: string) {
  const end = Date.parse(`${date}T00:00:00Z`);
  const times = Array.from({ length: STATS_WINDOW_DAYS }, (_, i) => end - (STATS_WINDOW_DAYS - 1 - i) * DAY);
  const days = times.map(ymd);
  const rows = db
    .prepare('SELECT day, count FROM usage_daily WHERE account_id = ? AND day BETWEEN ? AND ?')
    .all(accountId, days[0], days[days.length - 1]) as { day: string; count: number }[];
  const byDay = new Map(rows.map((row) => [row.day, row.count]));
  const dailyStats = days.map((day, i) => ({ usageDate: label(times[i]!), usageCount: byDay.get(day) ?? 0 }));
  const ticks = niceTicks(Math.max(0, ...dailyStats.map((d) => d.usageCount)));
  return { dailyStats, domain: [0, ticks[ticks.length - 1]!], ticks };
}

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
