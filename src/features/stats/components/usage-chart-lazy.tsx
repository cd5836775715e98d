import { lazy, Suspense } from 'react';
import type { StatsResponse } from '@/api/schemas/stats';
import { ChartSkeleton } from './chart-skeleton';

// Dynamic import: recharts lands in its own chunk, fetched only when a chart is drawn.
const UsageChart = lazy(() => import('./usage-chart').then((module) => ({ default: module.UsageChart })));

export function LazyUsageChart({ data, windowEnd, compact = false, label }: { data: StatsResponse; windowEnd: string; compact?: boolean; label: string }) {
  return (
    <figure aria-label={label}>
      <Suspense fallback={<ChartSkeleton compact={compact} />}>
        <UsageChart data={data} windowEnd={windowEnd} compact={compact} />
      </Suspense>
    </figure>
  );
}
