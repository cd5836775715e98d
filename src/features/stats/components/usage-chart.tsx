import { useLingui } from '@lingui/react/macro';
import type { StatsResponse } from '@/api/schemas/stats';
import { BarChart } from '@/components/charts/bar-chart';
import { ChartTable } from '@/components/charts/chart-table';
import type { ChartPoint, ChartSeries } from '@/components/charts/chart-series';
import { statDays } from '../lib/stats-dates';

/**
 * The 7-day stats as the shared chart draws them: one bar per day on the service's own scale (its `domain` and
 * `ticks`, as they are), the service's `MM.DD` days as dates in the user's locale (year taken from the window).
 */
function useWeek(data: StatsResponse, windowEnd: string) {
  const { t } = useLingui();
  const points: ChartPoint[] = statDays(data.dailyStats, windowEnd).map((day) => ({
    key: day.day ?? day.usageDate,
    label: day.label,
    longLabel: day.longLabel,
    values: { files: day.usageCount },
  }));
  const series: ChartSeries[] = [{ key: 'files', name: t`Files processed` }];
  return { points, series, scale: { domain: data.domain, ticks: data.ticks } };
}

export function UsageChart({ data, windowEnd, label, compact = false }: { data: StatsResponse; windowEnd: string; label: string; compact?: boolean }) {
  const week = useWeek(data, windowEnd);
  return <BarChart label={label} compact={compact} testId="usage-chart" {...week} />;
}

/** The same seven days as a table (the chart's "Show as table"). */
export function UsageTable({ data, windowEnd, caption }: { data: StatsResponse; windowEnd: string; caption: string }) {
  const { t } = useLingui();
  const { points, series } = useWeek(data, windowEnd);
  return <ChartTable caption={caption} points={points} series={series} periodHeader={t`Day (UTC)`} />;
}
