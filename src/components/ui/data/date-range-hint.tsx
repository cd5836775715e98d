import { useLingui } from '@lingui/react/macro';
import { Globe } from 'lucide-react';
import { timeZoneName, utcOffsetLabel } from '@/lib/date-range';
import { cn } from '@/lib/cn';

/** The words of the app's one date-range rule (src/lib/date-range.ts), for a field's hint or a confirmation. */
export function useDateRangeRule(): string {
  const { t } = useLingui();
  const zone = timeZoneName();
  const offset = utcOffsetLabel();
  return zone
    ? t`Dates are in your time zone (${zone}, ${offset}), from the start of the first day to the end of the last.`
    : t`Dates are in your time zone (${offset}), from the start of the first day to the end of the last.`;
}

/**
 * Shown beside every date range: which time zone its days are in, and that both days are included. `id` lets the
 * fields point at it with aria-describedby.
 */
export function DateRangeHint({ id, className }: { id?: string; className?: string }) {
  const rule = useDateRangeRule();
  return (
    <p id={id} data-testid="date-range-hint" className={cn('flex items-start gap-1 text-xs text-zinc-600 dark:text-zinc-400', className)}>
      <Globe aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span>{rule}</span>
    </p>
  );
}
