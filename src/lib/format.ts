import { formatDistanceToNowStrict } from 'date-fns';

const numberFormat = new Intl.NumberFormat();
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export function formatPercent(fraction: number): string {
  return `${Math.round(fraction * 1000) / 10}%`;
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Date and time in the user's own time zone; unparseable input is shown as it came. */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : String(value);
}

export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : String(value);
}

/** "3 minutes ago" / "in 2 hours". */
export function formatRelative(value: string | number | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return String(value);
  if (Math.abs(date.getTime() - now.getTime()) < 45_000) return 'just now';
  const distance = formatDistanceToNowStrict(date, { addSuffix: true });
  return distance;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

const fullDateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

/** "Wednesday 25 November 2026 at 06:38:02 UTC": for titles, where there is room for every part. */
export function formatFullDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? fullDateTimeFormat.format(date) : String(value);
}

const relativeTimeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** "3 minutes ago", "yesterday", "in 2 hours" through Intl.RelativeTimeFormat; under 45 seconds "just now". */
export function formatRelativeTime(value: string | number | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return String(value);
  const diff = date.getTime() - now.getTime();
  if (Math.abs(diff) < 45_000) return 'just now';
  for (const [unit, ms] of RELATIVE_UNITS) {
    if (Math.abs(diff) >= ms || unit === 'minute') return relativeTimeFormat.format(Math.round(diff / ms), unit);
  }
  return 'just now';
}
