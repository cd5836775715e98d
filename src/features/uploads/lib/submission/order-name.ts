import { ORDER_NAME_MAX } from '@/api/formats';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "2026-11-27 00:45:23" in the browser's own time zone. The service names an order without a name by its
 * creation time in UTC ("Anti-AI 2026-11-26 15:45:23" for an order made at 00:45 in Seoul), which reads as the
 * wrong day; the dashboard names its orders itself, by the clock the user looks at.
 */
export function localStamp(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
}

/** "Anti-AI 2026-11-27 00:45:23": the kind's label and the local time, cut (label first) to the service's 64 characters. */
export function localOrderName(label: string, now: Date): string {
  const stamp = localStamp(now);
  return `${label.slice(0, ORDER_NAME_MAX - stamp.length - 1).trimEnd()} ${stamp}`;
}

/** How the service names an order it is given no name for (embed and extract take none): the kind and the UTC time. */
export function serviceOrderName(label: string, now: Date): string {
  return `${label} ${now.toISOString().slice(0, 19).replace('T', ' ')}`;
}
