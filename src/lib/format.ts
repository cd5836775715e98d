import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/*
 * Every date, number and size through Intl in the active locale (Gregorian calendar always: Japanese
 * gets dates like 2026/11/25, never era years). Formatters are costly to build, so each is made once per
 * locale. A component that formats must itself re-render on a language change: it calls useLingui().
 */
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.ListFormat;
const cache = new Map<string, Formatter>();

function intlLocale(): string {
  return i18n.locale && i18n.locale !== 'pseudo' ? i18n.locale : 'en';
}

function cached<T extends Formatter>(name: string, make: (locale: string) => T): T {
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

/** "12.4": one decimal at most, for averages; whole numbers stay whole. */
export function formatDecimal(value: number): string {
  return cached('decimal', (l) => new Intl.NumberFormat(l, { maximumFractionDigits: 1 })).format(value);
}

/** "22 seconds", "3.5 minutes", "2 hours": one unit, rounded to what a person reads. */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  const unit = (name: 'second' | 'minute' | 'hour') =>
    cached(`duration:${name}`, (l) => new Intl.NumberFormat(l, { style: 'unit', unit: name, unitDisplay: 'long', maximumFractionDigits: name === 'second' ? 0 : 1 }));
  if (seconds < 90) return unit('second').format(Math.max(1, Math.round(seconds)));
  if (seconds < 90 * 60) return unit('minute').format(seconds / 60);
  return unit('hour').format(seconds / 3600);
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

/** "Wednesday, November 19, 2026": a day with its weekday, no time. */
export function formatLongDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? cached('longDate', (l) => new Intl.DateTimeFormat(l, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })).format(date) : String(value);
}

/** "November 2026" / "2026년 11월" / "2026年11月" for a UTC month: a month boundary must not move to the user's zone. */
export function formatUtcMonth(value: string | number | Date): string {
  const date = toDate(value);
  return date ? cached('utcMonth', (l) => new Intl.DateTimeFormat(l, { month: 'long', year: 'numeric', timeZone: 'UTC' })).format(date) : String(value);
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
  return cached('list', (l) => new Intl.ListFormat(l, { type: 'conjunction' })).format(items);
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

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * "2026-11-25T16:47:00+09:00": ISO 8601 in the user's own time zone with its offset, for exports a person reads
 * in a spreadsheet and a program parses without guessing the zone. Unparseable input is returned as it came.
 */
export function formatIsoWithOffset(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return String(value);
  const offset = -date.getTimezoneOffset();
  const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset >= 0 ? '+' : '-';
  return `${local}${sign}${pad2(Math.floor(Math.abs(offset) / 60))}:${pad2(Math.abs(offset) % 60)}`;
}

/** "Nov 23 – 29, 2026" / "2026. 11. 23. ~ 29." / "2026/11/23～29": two days as one span, in the locale's own way. */
export function formatDateRange(start: string | number | Date, end: string | number | Date): string {
  const from = toDate(start);
  const to = toDate(end);
  if (!from || !to) return `${String(start)} – ${String(end)}`;
  return cached('dateRange', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' })).formatRange(from, to);
}

/** "Nov 2026" / "2026년 11월" / "2026年11月" for a UTC month, short enough for a chart axis. */
export function formatUtcShortMonth(value: string | number | Date): string {
  const date = toDate(value);
  return date ? cached('utcShortMonth', (l) => new Intl.DateTimeFormat(l, { month: 'short', year: 'numeric', timeZone: 'UTC' })).format(date) : String(value);
}

/** "25 Nov 2026, 06:38:02 UTC": the same instant for every reader, where a time must be quoted exactly (the evidence report). */
export function formatUtcDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return date
    ? cached('utcDateTime', (l) =>
        new Intl.DateTimeFormat(l, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: 'UTC', timeZoneName: 'short' }),
      ).format(date)
    : String(value);
}
