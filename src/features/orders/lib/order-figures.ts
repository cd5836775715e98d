import { ORDER_LIFETIME_DAYS } from '@/api/limits';
import type { Order, OrderType } from '@/api/schemas/orders';
import { DAY_MS } from '@/lib/time';


/**
 * Files count against the plan when their order finished without failing: the service adds an order's files
 * to usage at completion (complete, detected, undetected), and an expired order keeps the `completedAt` it had.
 */
export function countsAsUsage(order: Pick<Order, 'status' | 'completedAt'>): boolean {
  return order.completedAt != null && order.status !== 'failed';
}

const finishedAt = (order: Order) => (order.completedAt ? Date.parse(order.completedAt) : Number.NaN);

/** Files of the orders that finished at or after `since` (ms): what usage grew by since then. */
export function filesFinishedSince(orders: readonly Order[], since: number): { files: number; orders: number } {
  let files = 0;
  let count = 0;
  for (const order of orders) {
    if (countsAsUsage(order) && finishedAt(order) >= since) {
      files += order.fileCount;
      count += 1;
    }
  }
  return { files, orders: count };
}

/** Orders still moving: processing now, or created and waiting for their files. */
export function ordersInProgress(orders: readonly Order[]): { processing: number; waiting: number } {
  let processing = 0;
  let waiting = 0;
  for (const order of orders) {
    if (order.status === 'inProgress') processing += 1;
    else if (order.status === 'pending') waiting += 1;
  }
  return { processing, waiting };
}

/**
 * Mean time from creation to result of the last `count` orders that finished with a result (failed ones are
 * left out: their time says nothing about processing). Creation to completion is what the API lets us see,
 * so upload time is included.
 */
export function averageProcessingTime(orders: readonly Order[], count = 10): { averageMs: number; orders: number } | null {
  const finished = orders
    .filter((order) => countsAsUsage(order) && Number.isFinite(finishedAt(order)))
    .sort((a, b) => finishedAt(b) - finishedAt(a))
    .slice(0, count);
  if (finished.length === 0) return null;
  const total = finished.reduce((sum, order) => sum + Math.max(0, finishedAt(order) - Date.parse(order.createdAt)), 0);
  return { averageMs: total / finished.length, orders: finished.length };
}

/** The first instant of the UTC month of `now`: usage days are UTC days (docs/decisions/stats.md). */
export function utcMonthStart(now: number): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

export type UsageByKind = Record<OrderType, { files: number; orders: number }>;

/** This UTC month's usage, split by order kind, from the orders that finished in it. */
export function usageThisMonthByKind(orders: readonly Order[], now: number): UsageByKind {
  const start = utcMonthStart(now);
  const byKind: UsageByKind = {
    antiAi: { files: 0, orders: 0 },
    watermarkEmbed: { files: 0, orders: 0 },
    watermarkExtract: { files: 0, orders: 0 },
  };
  for (const order of orders) {
    if (countsAsUsage(order) && finishedAt(order) >= start && finishedAt(order) <= now) {
      byKind[order.type].files += order.fileCount;
      byKind[order.type].orders += 1;
    }
  }
  return byKind;
}

/**
 * How far back the overview reads the orders list: far enough for this month's usage and for everything
 * that finished since sign-in. An order can finish at most 7 days after it was created (an unfinished
 * order expires then: interface notes), so orders created a week before either moment are enough.
 */
export function ordersWindowStart(signedInAt: number, now: number): number {
  return Math.min(utcMonthStart(now), signedInAt) - ORDER_LIFETIME_DAYS * DAY_MS;
}
