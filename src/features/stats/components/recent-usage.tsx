import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatCount } from '@/lib/plural';
import { useRecentStats } from '../api/get-recent-stats';
import { formatUtcDay, shiftDays, todayUtc, windowStart } from '../lib/stats-dates';
import { ChartSkeleton } from './chart-skeleton';
import { LazyUsageChart } from './usage-chart-lazy';
import { UsageTable } from './usage-table';

/**
 * The 7-day usage window ending at `date` (UTC), as a chart or as a table.
 * The route keeps `date` in the URL; this component only asks to change it.
 */
export function RecentUsage({ date, onDateChange }: { date: string; onDateChange: (date: string) => void }) {
  const today = todayUtc();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  // Today is asked for without a date, so the service's own "today" decides (they agree: both UTC).
  const stats = useRecentStats(date === today ? undefined : date);
  const range = `${formatUtcDay(windowStart(date))} – ${formatUtcDay(date)}`;
  const caption = `Files processed per day, ${range} (UTC days)`;

  const pick = (value: string) => {
    // An emptied or half-typed field gives ''; a future day is not offered.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    onDateChange(value > today ? today : value);
  };

  return (
    <Card>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        {/* On a phone the date takes its own row above the two buttons, so no label ever wraps inside a button. */}
        <div className="grid grid-cols-2 items-end gap-2 [grid-template-areas:'date_date'_'prev_next'] sm:flex">
          <Button variant="secondary" size="sm" className="whitespace-nowrap [grid-area:prev]" onClick={() => onDateChange(shiftDays(date, -7))}>
            <span aria-hidden="true">←</span> Previous week
          </Button>
          <label className="flex min-w-0 flex-col gap-1 text-sm [grid-area:date]">
            <span className="font-medium">Week ending (UTC)</span>
            <input
              type="date"
              value={date}
              max={today}
              onChange={(event) => pick(event.target.value)}
              className="w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            />
          </label>
          <Button
            variant="secondary"
            size="sm"
            className="whitespace-nowrap [grid-area:next]"
            disabled={date >= today}
            title={date >= today ? 'This week ends today: there is no later week yet.' : undefined}
            onClick={() => onDateChange(shiftDays(date, 7) > today ? today : shiftDays(date, 7))}
          >
            Next week <span aria-hidden="true">→</span>
          </Button>
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="self-start whitespace-nowrap"
          aria-pressed={view === 'table'}
          onClick={() => setView(view === 'chart' ? 'table' : 'chart')}
        >
          {view === 'chart' ? 'Show as table' : 'Show as chart'}
        </Button>
      </div>

      <h2 className="mb-1 text-base font-semibold">{range}</h2>

      {stats.isPending ? (
        <ChartSkeleton />
      ) : stats.isError ? (
        <ErrorAlert error={stats.error} title="The usage figures could not be loaded." onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
            {formatCount(stats.data.dailyStats.reduce((sum, day) => sum + day.usageCount, 0), 'file', 'files')} processed in these 7 days.
          </p>
          {view === 'table' ? (
            <UsageTable data={stats.data} windowEnd={date} caption={caption} />
          ) : stats.data.dailyStats.every((day) => day.usageCount === 0) ? (
            <div className="flex h-72 flex-col items-center justify-center gap-2 rounded-md border border-dashed border-zinc-300 p-6 text-center dark:border-zinc-700">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 text-zinc-400" fill="currentColor">
                <rect x="3" y="14" width="4" height="7" rx="1" />
                <rect x="10" y="9" width="4" height="12" rx="1" />
                <rect x="17" y="4" width="4" height="17" rx="1" />
              </svg>
              <p className="font-medium">No files were processed in these 7 days.</p>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                Each processed file counts on the UTC day it finished. Pick an earlier week, or create an order to see it here.
              </p>
            </div>
          ) : (
            <LazyUsageChart data={stats.data} windowEnd={date} label={caption} />
          )}
        </>
      )}
    </Card>
  );
}
