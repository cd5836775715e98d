import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { formatDateTime, formatDateTimeWithZone, formatFullDateTime, formatRelativeTime } from '@/lib/format';

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Re-render once a minute, so "3 minutes ago" does not stay "just now" on a page left open. */
function useMinuteTick(enabled: boolean) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setTick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, [enabled]);
}

/**
 * One way to show a moment: a `<time>` with a machine-readable dateTime, the text the place needs (relative "3 hours
 * ago", absolute "25 Nov 2026, 06:38" or both; "zoned" where the exact moment matters, as for a delivery attempt: with
 * seconds and the time zone), and the full date with weekday and time zone as a title on hover.
 * Everything through Intl, in the user's locale and time zone. A value that is not a date is shown as it came.
 */
export function Time({
  value,
  display = 'relative',
  className,
}: {
  value: string | number | Date;
  display?: 'relative' | 'absolute' | 'both' | 'zoned';
  className?: string;
}) {
  // Re-renders on a change of language: the words come from Intl in the active locale.
  const { t } = useLingui();
  const date = toDate(value);
  useMinuteTick(Boolean(date) && (display === 'relative' || display === 'both'));
  if (!date) return <span className={className}>{String(value)}</span>;
  const absolute = formatDateTime(date);
  const relative = formatRelativeTime(date);
  const text = { absolute, relative, both: t`${absolute} (${relative})`, zoned: formatDateTimeWithZone(date) }[display];
  return (
    <time dateTime={date.toISOString()} title={formatFullDateTime(date)} className={className}>
      {text}
    </time>
  );
}
