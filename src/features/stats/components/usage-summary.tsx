import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useRecentStats } from '../api/get-recent-stats';
import { todayUtc } from '../lib/stats-dates';
import { ChartSkeleton } from './chart-skeleton';
import { UsageChart } from './usage-chart';

/** The overview's 7-day chart, with the totals in words and a way to the full Usage page. */
export function UsageSummary() {
  const { t } = useLingui();
  const stats = useRecentStats(undefined);
  return (
    <Card
      title={t`Files processed, last 7 days`}
      actions={
        <Link to="/usage" className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
          <Trans>Usage details</Trans>
        </Link>
      }
    >
      {stats.isPending ? (
        <ChartSkeleton compact />
      ) : stats.isError ? (
        <ErrorAlert error={stats.error} title={t`The usage figures could not be loaded.`} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <p className="mb-2 text-sm" data-testid="week-usage-total">
            <WeekTotal week={stats.data.dailyStats.reduce((sum, day) => sum + day.usageCount, 0)} today={stats.data.dailyStats.at(-1)?.usageCount ?? 0} />
          </p>
          <UsageChart data={stats.data} windowEnd={todayUtc()} compact label={t`Files processed per day, last 7 days (UTC)`} />
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
