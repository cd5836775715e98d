import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber, formatPercent } from '@/lib/format';
import { cn } from '@/lib/cn';

export const USAGE_WARNING_AT = 0.8;

/** Usage against a limit: a real <meter> with the numbers in words beside it, and a warning from 80%. */
export function UsageMeter({ used, limit, label }: { used: number; limit: number; label?: string }) {
  // Also re-renders the numbers on a change of language.
  const { t } = useLingui();
  const name = label ?? t`Usage`;
  const usedText = formatNumber(used);
  const limitText = formatNumber(limit);
  const fraction = limit > 0 ? used / limit : 1;
  const percent = formatPercent(Math.min(fraction, 9.99));
  const level = fraction >= 1 ? 'over' : fraction >= USAGE_WARNING_AT ? 'high' : 'ok';
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{name}</span>
        <span>{t`${usedText} of ${limitText} (${percent})`}</span>
      </div>
      <div className="h-2.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden="true">
        <div
          className={cn('h-full rounded-full', level === 'over' ? 'bg-red-600' : level === 'high' ? 'bg-amber-500' : 'bg-indigo-600')}
          style={{ width: `${Math.min(100, fraction * 100)}%` }}
        />
      </div>
      <meter className="sr-only" aria-label={name} min={0} max={limit} low={limit * USAGE_WARNING_AT} high={limit * USAGE_WARNING_AT} optimum={0} value={used}>
        {t`${usedText} of ${limitText}`}
      </meter>
      {level === 'high' && (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          <span aria-hidden="true">⚠ </span>
          <Trans>Over 80% of your plan’s limit is used.</Trans>
        </p>
      )}
      {level === 'over' && (
        <p className="text-sm text-red-700 dark:text-red-400">
          <span aria-hidden="true">⛔ </span>
          <Trans>Your plan’s limit is reached: new orders will be refused.</Trans>
        </p>
      )}
    </div>
  );
}
