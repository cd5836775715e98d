import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { ChartColumn } from 'lucide-react';
import { Button } from '@/components/ui/form/button';
import { Card } from '@/components/ui/layout/card';
import { EmptyState } from '@/components/ui/feedback/empty-state';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Field } from '@/components/ui/form/field';
import { Input } from '@/components/ui/form/input';
import { useRecentStats } from '../api/get-recent-stats';
import { formatUtcDay, shiftDays, todayUtc, windowStart } from '../lib/stats-dates';
import { ChartSkeleton } from '@/components/charts/chart-skeleton';
import { ChartViewToggle, type ChartView } from '@/components/charts/chart-view-toggle';
import { UsageChart, UsageTable } from './usage-chart';

/**
 * The 7-day usage window ending at `date` (UTC), as a chart or as a table.
 * The route keeps `date` in the URL; this component only asks to change it.
 */
export function RecentUsage({ date, onDateChange }: { date: string; onDateChange: (date: string) => void }) {
  const { t } = useLingui();
  const today = todayUtc();
  const [view, setView] = useState<ChartView>('chart');
  const latestHintId = useId();
  const latest = date >= today;
  // Today is asked for without a date, so the service's own "today" decides (they agree: both UTC).
  const stats = useRecentStats(date === today ? undefined : date);
  const first = formatUtcDay(windowStart(date));
  const last = formatUtcDay(date);
  // A message of its own: ja writes a range with a wave dash (glossary § 7).
  const range = t`${first} – ${last}`;
  const caption = t`Files processed per day, ${range} (UTC days)`;

  const weekTotal = stats.data?.dailyStats.reduce((sum, day) => sum + day.usageCount, 0) ?? 0;

  const pick = (value: string) => {
    // An emptied or half-typed field gives ''; a future day is not offered.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    onDateChange(value > today ? today : value);
  };

  return (
    <Card>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        {/* On a phone the date takes its own row above the two buttons, so no label ever wraps inside a button;
            in a long language the buttons take a row each rather than squeeze. */}
        <div className="flex flex-wrap items-end gap-2">
          <Button variant="secondary" size="sm" className="whitespace-nowrap" onClick={() => onDateChange(shiftDays(date, -7))}>
            <Trans>
              <span aria-hidden="true">←</span> Previous week
            </Trans>
          </Button>
          <Field label={t`Week ending (UTC)`} className="order-first basis-full sm:order-none sm:basis-auto">
            {(control) => <Input {...control} type="date" size="sm" value={date} max={today} onChange={(event) => pick(event.target.value)} />}
          </Field>
          <Button
            variant="secondary"
            size="sm"
            className="whitespace-nowrap"
            disabled={latest}
            aria-describedby={latest ? latestHintId : undefined}
            onClick={() => onDateChange(shiftDays(date, 7) > today ? today : shiftDays(date, 7))}
          >
            <Trans>
              Next week <span aria-hidden="true">→</span>
            </Trans>
          </Button>
        </div>
        <ChartViewToggle view={view} onViewChange={setView} className="self-start" />
      </div>

      {/* Why "Next week" is disabled, under the whole toolbar: beside the button it would push the buttons apart on a phone. */}
      {latest && (
        <p id={latestHintId} className="-mt-2 mb-4 text-sm text-zinc-600 dark:text-zinc-400">
          <Trans>This is the latest week: the next one has not begun.</Trans>
        </p>
      )}

      <h2 className="mb-1 text-base font-semibold">{range}</h2>

      {stats.isPending ? (
        <ChartSkeleton />
      ) : stats.isError ? (
        <ErrorAlert error={stats.error} title={t`The usage figures could not be loaded.`} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
            <Plural value={weekTotal} one="# file processed in these 7 days." other="# files processed in these 7 days." />
          </p>
          {view === 'table' ? (
            <UsageTable data={stats.data} windowEnd={date} caption={caption} />
          ) : stats.data.dailyStats.every((day) => day.usageCount === 0) ? (
            <EmptyState
              icon={ChartColumn}
              headingLevel={3}
              className="h-72 justify-center"
              title={t`No files were processed in these 7 days.`}
              description={t`Each processed file counts on the UTC day it finished. Pick an earlier week, or create an order to see it here.`}
            />
          ) : (
            <UsageChart data={stats.data} windowEnd={date} label={caption} />
          )}
        </>
      )}
    </Card>
  );
}
