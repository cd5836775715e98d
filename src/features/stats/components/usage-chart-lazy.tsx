import { lazy, Suspense } from 'react';
import type { StatsResponse } from '@/api/schemas/stats';
import { ChartSkeleton } from './chart-skeleton';
import type * as ChartModule from './usage-chart';

// Dynamic import: recharts lands in its own chunk, fetched only by the pages that draw a chart.
let chartModule: Promise<typeof ChartModule> | undefined;
const loadChart = () => (chartModule ??= import('./usage-chart'));

/**
 * Starts fetching the chart's code while the figures are still on their way, instead of after they arrive
 * (the chart is drawn only once there are figures): the two waits overlap rather than add up.
 */
export function preloadUsageChart(): void {
  void loadChart();
}

const UsageChart = lazy(() => loadChart().then((module) => ({ default: module.UsageChart })));

export function LazyUsageChart({ data, windowEnd, compact = false, label }: { data: StatsResponse; windowEnd: string; compact?: boolean; label: string }) {
  return (
    <figure aria-label={label}>
      <Suspense fallback={<ChartSkeleton compact={compact} />}>
        <UsageChart data={data} windowEnd={windowEnd} compact={compact} />
      </Suspense>
    </figure>
  );
}
