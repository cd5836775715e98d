import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/form/button';
import { cn } from '@/lib/cn';

export type ChartView = 'chart' | 'table';

/**
 * "Show as table" / "Show as chart", the same button beside every chart. `labels` names the chart where a page has
 * two ("Show history as table"), so each button still says which it switches.
 */
export function ChartViewToggle({ view, onViewChange, labels, className }: { view: ChartView; onViewChange: (view: ChartView) => void; labels?: { table: ReactNode; chart: ReactNode }; className?: string }) {
  const words = labels ?? { table: <Trans>Show as table</Trans>, chart: <Trans>Show as chart</Trans> };
  return (
    <Button variant="secondary" size="sm" className={cn('whitespace-nowrap', className)} aria-pressed={view === 'table'} onClick={() => onViewChange(view === 'chart' ? 'table' : 'chart')}>
      {view === 'chart' ? words.table : words.chart}
    </Button>
  );
}
