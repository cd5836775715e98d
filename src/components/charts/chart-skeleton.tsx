import { Trans } from '@lingui/react/macro';
import { cn } from '@/lib/cn';
import { chartBoxClass } from './chart-geometry';

const HEIGHTS = ['40%', '65%', '30%', '80%', '55%', '20%', '70%'];

/** While the figures are on their way: seven grey bars in the chart's own box, so nothing jumps when they arrive. */
export function ChartSkeleton({ compact = false }: { compact?: boolean }) {
  return (
    <div className={cn('flex items-end', chartBoxClass(compact), compact ? 'gap-2 pb-8 pl-8' : 'gap-3 pb-8 pl-12')} data-testid="chart-skeleton">
      <span className="sr-only">
        <Trans>Loading the chart…</Trans>
      </span>
      {HEIGHTS.map((height, index) => (
        <div key={index} className="flex h-full flex-1 items-end">
          <div aria-hidden="true" className="w-full animate-pulse rounded-t-md bg-zinc-200 dark:bg-zinc-800" style={{ height }} />
        </div>
      ))}
    </div>
  );
}
