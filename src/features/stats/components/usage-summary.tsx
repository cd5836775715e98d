import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/layout/card';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { cn } from '@/lib/cn';
import { useRecentStats } from '../api/get-recent-stats';
import { todayUtc } from '../lib/stats-dates';
import { ChartSkeleton } from '@/components/charts/chart-skeleton';
import { ChartViewToggle, type ChartView } from '@/components/charts/chart-view-toggle';
import { UsageChart, UsageTable } from './usage-chart';

/** The week's total takes two lines on a phone, one beside a wider card: its skeleton takes the same, so nothing moves. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- class names, not words
const TOTAL_LINE = 'min-h-10 sm:min-h-5';

/** The overview's 7-day chart, with the totals in words and a way to the full Usage page. */
export function UsageSummary() {
  const { t } = useLingui();
  const stats = useRecentStats(undefined);
  const [view, setView] = useState<ChartView>('chart');
  const caption = t`Files processed per day, last 7 days (UTC)`;
  return (
    <Card
      title={t`Files processed, last 7 days`}
      actions={
        // In the header, drawn before the figures arrive: nothing below moves when they do.
        <div className="flex items-center gap-3">
          <ChartViewToggle view={view} onViewChange={setView} />
          <Link to="/usage" className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
            <Trans>Usage details</Trans>
          </Link>
        </div>
      }
    >
      {stats.isPending ? (
        <>
          <Skeleton className={cn('mb-2 w-3/4', TOTAL_LINE)} />
          <ChartSkeleton compact />
        </>
      ) : stats.isError ? (
        <ErrorAlert error={stats.error} title={t`The usage figures could not be loaded.`} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <p className={cn('mb-2 text-sm', TOTAL_LINE)} data-testid="week-usage-total">
            <WeekTotal week={stats.data.dailyStats.reduce((sum, day) => sum + day.usageCount, 0)} today={stats.data.dailyStats.at(-1)?.usageCount ?? 0} />
          </p>
          {view === 'table' ? (
            <UsageTable data={stats.data} windowEnd={todayUtc()} caption={caption} />
          ) : (
            <UsageChart data={stats.data} windowEnd={todayUtc()} compact label={caption} />
          )}
        </>
      )}
    </Card>
  );
}

/** One sentence with both counts, so each language orders them its own way. */
function WeekTotal({ week, today }: { week: number; today: number }) {
  const { t } = useLingui();
  return t`${plural(week, { one: '# file', other: '# files' })} in the last 7 days, ${plural(today, { one: '# file', other: '# files' })} today (UTC days).`;
}
