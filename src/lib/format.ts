import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/*
 * Every date, number and size through Intl in the active locale (Gregorian calendar always: Japanese
 * gets dates like 2026/11/25, never era years). Formatters are costly to build, so each is made once per
 * locale. A component that formats must itself re-render on a language change: it calls useLingui().
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function intlLocale(): string {
  return i18n.locale && i18n.locale !== 'pseudo' ? i18n.locale : 'en';
}

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(name: string, make: (locale: string) => T): T {
  const locale = intlLocale();
  const key = `${locale}:${name}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make(locale);
    cache.set(key, formatter);
  }
  return formatter;
}

export function formatNumber(value: number): string {
  return cached('number', (l) => new Intl.NumberFormat(l)).format(value);
}

export function formatPercent(fraction: number): string {
  return cached('percent', (l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 1 })).format(fraction);
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Date and time in the user's own time zone; unparseable input is shown as it came. */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? cached('dateTime', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' })).format(date) : String(value);
}

/** Date, time with seconds and the time zone: where a time matters (delivery attempts, an order's timeline). */
export function formatDateTimeWithZone(value: string | number | Date): string {
  const date = toDate(value);
  return date
    ? cached('dateTimeZone', (l) => new Intl.DateTimeFormat(l, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit', timeZoneName: 'short' })).format(date)
    : String(value);
}

export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? cached('date', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' })).format(date) : String(value);
}

/** "Nov 25" / "11월 25일" / "11月25日": a day on a chart axis. */
export function formatShortDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? cached('shortDate', (l) => new Intl.DateTimeFormat(l, { month: 'short', day: 'numeric' })).format(date) : String(value);
}

/** "Wednesday 25 November 2026 at 06:38:02 UTC": for titles, where there is room for every part. */
export function formatFullDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? cached('fullDateTime', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'full', timeStyle: 'long' })).format(date) : String(value);
}

const KB = 1024;
const SIZE_UNITS = ['kilobyte', 'megabyte', 'gigabyte'] as const;

/** File sizes in binary steps (as the 50 MB limit is meant), written with the locale's unit words. */
export function formatBytes(bytes: number): string {
  if (bytes < KB) return cached('byte', (l) => new Intl.NumberFormat(l, { style: 'unit', unit: 'byte', unitDisplay: 'short' })).format(bytes);
  let value = bytes / KB;
  let unit = 0;
  while (value >= KB && unit < SIZE_UNITS.length - 1) {
    value /= KB;
    unit++;
  }
  const digits = value < 10 ? 1 : 0;
  return cached(`${SIZE_UNITS[unit]}:${digits}`, (l) =>
    new Intl.NumberFormat(l, { style: 'unit', unit: SIZE_UNITS[unit], unitDisplay: 'short', minimumFractionDigits: digits, maximumFractionDigits: digits }),
  ).format(value);
}

export function formatList(items: string[]): string {
  return new Intl.ListFormat(intlLocale(), { type: 'conjunction' }).format(items);
}

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
  if (Math.abs(diff) < 45_000) return i18n._(msg`just now`);
  const relative = cached('relative', (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }));
  for (const [unit, ms] of RELATIVE_UNITS) {
    if (Math.abs(diff) >= ms || unit === 'minute') return relative.format(Math.round(diff / ms), unit);
  }
  return i18n._(msg`just now`);
}
