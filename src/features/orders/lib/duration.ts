import { i18n } from '@lingui/core';

type Unit = 'second' | 'minute' | 'hour';
const formats = new Map<string, Intl.NumberFormat>();

/** One formatter per locale and unit (costly to build); the pseudo-locale reads English numbers, as src/lib/format.ts does. */
function unitFormat(unit: Unit): Intl.NumberFormat {
  const locale = i18n.locale && i18n.locale !== 'pseudo' ? i18n.locale : 'en';
  const key = `${locale}:${unit}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: unit === 'second' ? 0 : 1 });
    formats.set(key, format);
  }
  return format;
}

/** "22 seconds", "3.5 minutes", "2 hours": one unit, in the active locale, rounded to what a person reads. */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 90) return unitFormat('second').format(Math.max(1, Math.round(seconds)));
  if (seconds < 90 * 60) return unitFormat('minute').format(seconds / 60);
  return unitFormat('hour').format(seconds / 3600);
}
