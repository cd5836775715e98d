import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Order } from '@/api/schemas/orders';
import { toCsv } from '@/lib/csv';
import { formatIsoWithOffset } from '@/lib/format';
import { CHANNEL_LABELS, statusLabel, TYPE_LABELS } from './labels';

/*
 * The orders export: one row per order, columns named in the active language. Kind, status and channel are the
 * words the list shows (a person reads the file in a spreadsheet; a program has the API). Times are ISO 8601 in
 * the user's time zone with its offset, so they read as the list's times and still parse without a guess.
 */
const COLUMNS = [
  [msg`Order ID`, (o: Order) => o.orderId],
  [msg`Order name`, (o: Order) => o.orderName],
  [msg`Type`, (o: Order) => i18n._(TYPE_LABELS[o.type])],
  [msg`Status`, (o: Order) => statusLabel(o.status)],
  [msg`Channel`, (o: Order) => i18n._(CHANNEL_LABELS[o.channel])],
  [msg`Files`, (o: Order) => o.fileCount],
  [msg`Created`, (o: Order) => formatIsoWithOffset(o.createdAt)],
  [msg`Updated`, (o: Order) => formatIsoWithOffset(o.updatedAt)],
  [msg`Finished at`, (o: Order) => (o.completedAt ? formatIsoWithOffset(o.completedAt) : null)],
  [msg`Watermark text found`, (o: Order) => o.watermarkText],
  [msg`Problem reported`, (o: Order) => o.errors],
] as const;

export function ordersCsv(orders: readonly Order[]): string {
  return toCsv(
    COLUMNS.map(([header]) => i18n._(header)),
    orders.map((order) => COLUMNS.map(([, cell]) => cell(order))),
  );
}

/** "orders-2026-11-25-1647.csv": the local date and time of the export, so two exports of a day do not collide. */
export function ordersCsvName(now = new Date()): string {
  return `orders-${formatIsoWithOffset(now).slice(0, 16).replace('T', '-').replace(':', '')}.csv`;
}
