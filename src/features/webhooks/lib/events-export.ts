import type { DeliveryEvent } from '@/api/schemas/webhooks';

/** Default export range: the last 7 days, today included (as the retry-failed range). */
export const EXPORT_DEFAULT_DAYS = 7;

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** `2026-11-25` of a local date. */
export function localYmd(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** ISO 8601 in the browser's time zone with its offset, `2026-11-25T18:02:03.120+09:00`: what a reader's clock said. */
export function isoWithOffset(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
  return `${localYmd(d)}T${time}${zone}`;
}

export interface ExportRange {
  /** Local dates, `YYYY-MM-DD`, both inclusive. */
  from: string;
  to: string;
}

export function defaultExportRange(now = new Date()): ExportRange {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (EXPORT_DEFAULT_DAYS - 1));
  return { from: localYmd(from), to: localYmd(now) };
}

/** The range as instants: from the start of `from` to the end of `to`, in the browser's time zone. */
export function rangeBounds(range: ExportRange): { start: Date; end: Date } {
  const [fy, fm, fd] = range.from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = range.to.split('-').map(Number) as [number, number, number];
  return { start: new Date(fy, fm - 1, fd), end: new Date(ty, tm - 1, td + 1) };
}

export function inRange(range: ExportRange) {
  const { start, end } = rangeBounds(range);
  return (event: DeliveryEvent) => {
    const at = Date.parse(event.createdAt);
    return at >= start.getTime() && at < end.getTime();
  };
}

/** One CSV row: id, event id, type, status, retries, last sent, created (the caller gives the headers in the reader's language). */
export function exportRow(event: DeliveryEvent): (string | number | null)[] {
  return [
    event.id,
    event.eventId,
    event.eventType,
    event.status,
    event.retries,
    event.lastSentAt ? isoWithOffset(event.lastSentAt) : null,
    isoWithOffset(event.createdAt),
  ];
}

export function exportFileName(webhookId: number, range: ExportRange, ext: 'csv' | 'json'): string {
  return `webhook-${webhookId}-events-${range.from}-to-${range.to}.${ext}`;
}
