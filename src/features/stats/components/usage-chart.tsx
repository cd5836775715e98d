import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { StatsResponse } from '@/api/schemas/stats';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { statDays } from '../lib/stats-dates';

/**
 * The 7-day bar chart, drawn with HTML and CSS, not recharts: on a phone's first visit recharts' first drawing of
 * these seven bars was a single 335 ms task at Lighthouse's 4× CPU, the largest of the overview and the usage page,
 * and cost them 5–7 points (docs/decisions/charts.md). Seven bars on the service's own scale need no library.
 * The Y axis uses the service's domain and ticks as they are; each bar carries its number, so a phone needs no
 * tooltip; the X axis shows the service's `MM.DD` days as dates in the user's locale (year taken from the window).
 */
export function UsageChart({ data, windowEnd, label, compact = false }: { data: StatsResponse; windowEnd: string; label: string; compact?: boolean }) {
  // useLingui: the day labels and numbers are formatted here and must follow a language change.
  const { t } = useLingui();
  const days = statDays(data.dailyStats, windowEnd);
  const [min = 0, max = 0] = data.domain;
  const at = (value: number) => `${max > min ? Math.min(100, Math.max(0, ((value - min) / (max - min)) * 100)) : 0}%`;
  const axisWidth = compact ? 'w-8' : 'w-12';
  // The bars and their day labels are two grids: the same columns keep each label under its bar.
  const columnsClass = 'grid grid-cols-7 gap-1.5 px-1 sm:gap-3';
  return (
    <figure aria-label={label} className={cn('flex w-full flex-col text-xs text-zinc-600 dark:text-zinc-400', compact ? 'h-44' : 'h-72')} data-testid="usage-chart">
      {/* Room above the plot for the number over a bar that reaches the top of the scale. */}
      <div className="mt-5 flex min-h-0 flex-1">
        <div aria-hidden="true" className={cn('relative shrink-0', axisWidth)}>
          {data.ticks.map((tick) => (
            <span key={tick} data-axis="y" className="absolute right-1.5 translate-y-1/2 tabular-nums" style={{ bottom: at(tick) }}>
              {formatNumber(tick)}
            </span>
          ))}
        </div>
        <div className="relative flex-1 border-b border-zinc-300 dark:border-zinc-600">
          {data.ticks.map((tick) => (
            <div key={tick} aria-hidden="true" className="absolute inset-x-0 border-t border-dashed border-zinc-200 dark:border-zinc-700" style={{ bottom: at(tick) }} />
          ))}
          <ol className={cn('relative h-full', columnsClass)}>
            {days.map(({ usageDate, usageCount, longLabel }) => (
              <li key={usageDate} className="relative h-full">
                <div
                  className="absolute inset-x-0 bottom-0 mx-auto max-w-12 rounded-t-[3px] bg-indigo-600 transition-[height] duration-300 motion-reduce:transition-none dark:bg-indigo-500"
                  style={{ height: at(usageCount) }}
                  data-testid="usage-bar"
                />
                <span aria-hidden="true" className="absolute left-1/2 mb-0.5 -translate-x-1/2 font-medium whitespace-nowrap text-zinc-800 tabular-nums dark:text-zinc-200" style={{ bottom: at(usageCount) }}>
                  {formatNumber(usageCount)}
                </span>
                <span className="sr-only">{t`${longLabel}: ${plural(usageCount, { one: '# file', other: '# files' })}`}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <div aria-hidden="true" className="flex pt-1.5">
        <div className={cn('shrink-0', axisWidth)} />
        <div className={cn('flex-1', columnsClass)}>
          {days.map((day) => (
            <span key={day.usageDate} data-axis="x" className="text-center leading-tight break-words">
              <DayLabel label={day.label} />
            </span>
          ))}
        </div>
      </div>
    </figure>
  );
}

/**
 * "Nov 19" on one line where a day has room, on two ("Nov" over "19") where seven days share a phone's width: the
 * space breaks there. Japanese writes the day without one ("11月19日"): it may break after the month's counter.
 */
function DayLabel({ label }: { label: string }) {
  const split = label.includes(' ') ? null : label.match(/^(.*?\d+\D+?)(\d+.*)$/);
  if (!split) return label;
  return (
    <>
      {split[1]}
      <wbr />
      {split[2]}
    </>
  );
}
