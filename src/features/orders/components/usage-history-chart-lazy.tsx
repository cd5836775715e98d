import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { HistoryChartPoint } from './usage-history-chart';

// recharts stays in the chart chunks: this page fetches it only when a history is drawn.
const UsageHistoryChart = lazy(() => import('./usage-history-chart').then((module) => ({ default: module.UsageHistoryChart })));

export function LazyUsageHistoryChart({ points, label }: { points: HistoryChartPoint[]; label: string }) {
  return (
    <figure aria-label={label}>
      <Suspense fallback={<Skeleton className="h-72 w-full" />}>
        <UsageHistoryChart points={points} />
      </Suspense>
    </figure>
  );
}
