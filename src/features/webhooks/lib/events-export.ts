import type { EventOrder } from '@/api/schemas/event-orders';
import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { inDayRange, lastDays, localDay, toInstants, type DayRange } from '@/lib/date-range';

/** Default export range: the last 7 days, today included (as the retry-failed range). */
export const EXPORT_DEFAULT_DAYS = 7;

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** `2026-11-25` of a local date. */
export const localYmd = localDay;

/** ISO 8601 in the browser's time zone with its offset, `2026-11-25T18:02:03.120+09:00`: what a reader's clock said. */
export function isoWithOffset(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
  return `${localYmd(d)}T${time}${zone}`;
}

/** Local dates, `YYYY-MM-DD`, both inclusive: the app's one date rule (src/lib/date-range.ts). */
export type ExportRange = DayRange;

export function defaultExportRange(now = new Date()): ExportRange {
  return lastDays(EXPORT_DEFAULT_DAYS, now);
}

/** The range as instants: from the start of `from` to the end of `to`, in the browser's time zone. */
export const rangeBounds = (range: ExportRange): { start: Date; end: Date } => toInstants(range);

export function inRange(range: ExportRange) {
  const within = inDayRange(range);
  return (event: DeliveryEvent) => within(event.createdAt);
}

/**
 * One CSV row: id, event id, type, order id, order name, status, retries, last sent, created (the caller gives the
 * headers in the reader's language). The order cells are empty where the data does not name it (a real service).
 */
export function exportRow(event: DeliveryEvent, order?: EventOrder): (string | number | null)[] {
  return [
    event.id,
    event.eventId,
    event.eventType,
    order?.orderId ?? null,
    order?.orderName ?? null,
    event.status,
    event.retries,
    event.lastSentAt ? isoWithOffset(event.lastSentAt) : null,
    isoWithOffset(event.createdAt),
  ];
}

/** The JSON export's item: the event as the service lists it, and the order it names (null where unknown). */
export function exportJsonItem(event: DeliveryEvent, order?: EventOrder) {
  return { ...event, orderId: order?.orderId ?? null, orderName: order?.orderName ?? null };
}

export function exportFileName(webhookId: number, range: ExportRange, ext: 'csv' | 'json'): string {
  return `webhook-${webhookId}-events-${range.from}-to-${range.to}.${ext}`;
}
