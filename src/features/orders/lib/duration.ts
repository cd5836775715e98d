const formats = {
  second: new Intl.NumberFormat(undefined, { style: 'unit', unit: 'second', unitDisplay: 'long', maximumFractionDigits: 0 }),
  minute: new Intl.NumberFormat(undefined, { style: 'unit', unit: 'minute', unitDisplay: 'long', maximumFractionDigits: 1 }),
  hour: new Intl.NumberFormat(undefined, { style: 'unit', unit: 'hour', unitDisplay: 'long', maximumFractionDigits: 1 }),
};

/** "22 seconds", "3.5 minutes", "2 hours": one unit, in the user's locale, rounded to what a person reads. */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 90) return formats.second.format(Math.max(1, Math.round(seconds)));
  if (seconds < 90 * 60) return formats.minute.format(seconds / 60);
  return formats.hour.format(seconds / 3600);
}
