import { Trans } from '@lingui/react/macro';

const HEIGHTS = ['40%', '65%', '30%', '80%', '55%', '20%', '70%'];

/** Seven bar-shaped placeholders in the chart's own box, so nothing jumps when the chart arrives. */
export function ChartSkeleton({ compact = false }: { compact?: boolean }) {
  return (
    <div className={compact ? 'flex h-44 items-end gap-2 pl-8' : 'flex h-72 items-end gap-3 pl-16'} data-testid="chart-skeleton">
      <span className="sr-only">
        <Trans>Loading the usage chart…</Trans>
      </span>
      {HEIGHTS.map((height, index) => (
        <div key={index} className="flex h-full flex-1 items-end">
          <div aria-hidden="true" className="w-full animate-pulse rounded-t-md bg-zinc-200 dark:bg-zinc-800" style={{ height }} />
        </div>
      ))}
    </div>
  );
}
