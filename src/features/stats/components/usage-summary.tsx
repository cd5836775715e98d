import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatCount } from '@/lib/plural';
import { useRecentStats } from '../api/get-recent-stats';
import { todayUtc } from '../lib/stats-dates';
import { ChartSkeleton } from './chart-skeleton';
import { LazyUsageChart, preloadUsageChart } from './usage-chart-lazy';

/** The overview's 7-day chart, with the totals in words and a way to the full Usage page. */
export function UsageSummary() {
  const stats = useRecentStats(undefined);
  useEffect(preloadUsageChart, []);
  return (
    <Card
      title="Files processed, last 7 days"
      actions={
        <Link to="/usage" className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
          Usage details
        </Link>
      }
    >
      {stats.isPending ? (
        <ChartSkeleton compact />
      ) : stats.isError ? (
        <ErrorAlert error={stats.error} title="The usage figures could not be loaded." onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <p className="mb-2 text-sm" data-testid="week-usage-total">
            {formatCount(stats.data.dailyStats.reduce((sum, day) => sum + day.usageCount, 0), 'file', 'files')} in the last 7 days,{' '}
            {formatCount(stats.data.dailyStats.at(-1)?.usageCount ?? 0, 'file', 'files')} today (UTC days).
          </p>
          <LazyUsageChart data={stats.data} windowEnd={todayUtc()} compact label="Files processed per day, last 7 days (UTC)" />
        </>
      )}
    </Card>
  );
}
