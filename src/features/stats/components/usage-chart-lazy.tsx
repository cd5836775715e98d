import { lazy, Suspense, useEffect, useState } from 'react';
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

/**
 * `afterPaint`: the chart's code is asked for only once the frame that shows the figures has been painted, so its
 * download (~100 kB) and evaluation never compete with the figures in words on a slow phone (the overview: the
 * week's total is its largest text, Lighthouse's LCP element).
 */
export function LazyUsageChart({
  data,
  windowEnd,
  compact = false,
  label,
  afterPaint = false,
}: {
  data: StatsResponse;
  windowEnd: string;
  compact?: boolean;
  label: string;
  afterPaint?: boolean;
}) {
  const painted = usePainted(afterPaint);
  return (
    <figure aria-label={label}>
      <Suspense fallback={<ChartSkeleton compact={compact} />}>
        {painted ? <UsageChart data={data} windowEnd={windowEnd} compact={compact} /> : <ChartSkeleton compact={compact} />}
      </Suspense>
    </figure>
  );
}

const AFTER_PAINT_MS = 100;

/** True from the first frame after the one this component first appeared in (at once when `wait` is false). */
function usePainted(wait: boolean): boolean {
  const [painted, setPainted] = useState(!wait);
  useEffect(() => {
    if (painted) return;
    // A frame callback runs before its frame is drawn; the one of the frame after, once the first is drawn. The
    // screen shows it a little later still (the compositor), hence the short wait: the chart is no later for it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => setPainted(true), AFTER_PAINT_MS);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
