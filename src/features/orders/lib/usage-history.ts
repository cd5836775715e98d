import { ORDER_LIFETIME_DAYS } from '@/api/limits';
import type { Order, OrderType } from '@/api/schemas/orders';
import { countsAsUsage } from './order-figures';
import { DAY_MS } from '@/lib/time';

/*
 * Usage history derived from the orders list (the statistics endpoint only has the last 7 days). The rule is the
 * emulator's own for `usage_daily` (emulator/jobs/order-finish.ts): an order that finished without failing adds
 * its input files (`fileCount`) on the UTC day of its `completedAt`. Every date here is a UTC calendar day
 * (`YYYY-MM-DD`), as the statistics calendar is (docs/decisions/stats.md).
 */

export type Grouping = 'day' | 'week' | 'month';
export type ChannelFilter = 'all' | Order['channel'];
export type RangePreset = '30d' | '3m' | '12m';

/** A span of UTC days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

export interface HistoryPeriod {
  /** First day of the period inside the range (a week or month cut by the range starts at the range's start). */
  start: string;
  /** Last day of the period inside the range. */
  end: string;
  files: Record<OrderType, number>;
  total: number;
  orders: number;
}

const MAX_MONTHS = 12;

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => dayOf(dayMs(day) + days * DAY_MS);
export const todayUtc = (now = Date.now()) => dayOf(now);

/** The same day `months` later (or earlier), clamped to the month's end (May 31 − 3 months → Feb 28). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return dayOf(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(date, lastDay)));
}

/** The presets end today (UTC) and start so that the span is 30 days, or 3 or 12 whole months. */
export function presetRange(preset: RangePreset, today: string): DayRange {
  if (preset === '30d') return { from: addDays(today, -29), to: today };
  return { from: addDays(addMonths(today, preset === '3m' ? -3 : -12), 1), to: today };
}

/** The earliest `from` a range ending at `to` may have: 12 months, counted like the 12-month preset. */
export const earliestFrom = (to: string) => addDays(addMonths(to, -MAX_MONTHS), 1);

export type RangeProblem = 'invalid' | 'order' | 'future' | 'too-long';

/** Why a chosen range cannot be shown, or null when it can. */
/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && Number.isFinite(dayMs(day)) && dayOf(dayMs(day)) === day;

export function rangeProblem(range: DayRange, today: string): RangeProblem | null {
  if (!isDay(range.from) || !isDay(range.to)) return 'invalid';
  if (range.from > range.to) return 'order';
  if (range.to > today) return 'future';
  if (range.from < earliestFrom(range.to)) return 'too-long';
  return null;
}

/** A grouping that gives a readable number of bars: days up to two months, weeks up to half a year, else months. */
export function defaultGrouping(range: DayRange): Grouping {
  const days = (dayMs(range.to) - dayMs(range.from)) / DAY_MS + 1;
  if (days <= 62) return 'day';
  if (days <= 183) return 'week';
  return 'month';
}

/**
 * The first day of the period holding `day`. Weeks start on Monday (ISO 8601) in every language: the service's
 * calendar is UTC and not the user's, and one rule keeps the figures the same for a Korean, Japanese or American
 * reader of one account (a US reader would expect Sunday, which the table's dates make visible).
 */
export function periodStart(day: string, grouping: Grouping): string {
  if (grouping === 'day') return day;
  if (grouping === 'month') return `${day.slice(0, 8)}01`;
  const weekday = (new Date(dayMs(day)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

function nextPeriodStart(start: string, grouping: Grouping): string {
  if (grouping === 'day') return addDays(start, 1);
  if (grouping === 'week') return addDays(start, 7);
  return addMonths(start, 1);
}

const zeroFiles = (): Record<OrderType, number> => ({ antiAi: 0, watermarkEmbed: 0, watermarkExtract: 0 });

/** Every period of the range, oldest first, all at zero; the first and last are cut to the range. */
export function emptyPeriods(range: DayRange, grouping: Grouping): HistoryPeriod[] {
  const periods: HistoryPeriod[] = [];
  for (let start = periodStart(range.from, grouping); start <= range.to; start = nextPeriodStart(start, grouping)) {
    const next = nextPeriodStart(start, grouping);
    periods.push({
      start: start < range.from ? range.from : start,
      end: addDays(next, -1) > range.to ? range.to : addDays(next, -1),
      files: zeroFiles(),
      total: 0,
      orders: 0,
    });
  }
  return periods;
}

export interface UsageHistory {
  periods: HistoryPeriod[];
  totals: { files: Record<OrderType, number>; total: number; orders: number };
}

/** Files of the successful orders of `channel` that finished in the range, per period and per kind. */
/** What the history reads of an order: an API order or a row of the local copy (features/orders/lib/history). */
export type UsageOrder = Pick<Order, 'type' | 'channel' | 'status' | 'fileCount'> & { completedAt?: string | null };

export function usageHistory(orders: readonly UsageOrder[], range: DayRange, grouping: Grouping, channel: ChannelFilter): UsageHistory {
  const periods = emptyPeriods(range, grouping);
  const index = new Map(periods.map((period) => [periodStart(period.start, grouping), period]));
  const totals = { files: zeroFiles(), total: 0, orders: 0 };
  for (const order of orders) {
    if (!countsAsUsage(order) || (channel !== 'all' && order.channel !== channel)) continue;
    const day = dayOf(Date.parse(order.completedAt!));
    if (day < range.from || day > range.to) continue;
    const period = index.get(periodStart(day, grouping));
    if (!period) continue;
    period.files[order.type] += order.fileCount;
    period.total += order.fileCount;
    period.orders += 1;
    totals.files[order.type] += order.fileCount;
    totals.total += order.fileCount;
    totals.orders += 1;
  }
  return { periods, totals };
}

/**
 * Orders are listed newest first by creation, and one finishes at most 7 days after it was created (it expires
 * then), so every order that finished in the range was created on or after this moment (ms).
 */
export const ordersNeededFrom = (range: DayRange) => dayMs(range.from) - ORDER_LIFETIME_DAYS * DAY_MS;
