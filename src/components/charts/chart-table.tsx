import { Plural, useLingui } from '@lingui/react/macro';
import { Table, type Column } from '@/components/ui/data/table';
import { formatTick } from './chart-format';
import { pointTotal, type ChartPoint, type ChartSeries } from './chart-series';

/**
 * A chart's numbers as a real table, for a screen reader, a keyboard and copying: a row per bar, a column per series
 * (with a total column when there are several), the whole period's total under it.
 */
export function ChartTable({ caption, points, series, periodHeader }: { caption: string; points: readonly ChartPoint[]; series: readonly ChartSeries[]; periodHeader: string }) {
  const { t } = useLingui();
  const several = series.length > 1;
  const columns: Column<ChartPoint>[] = [
    { key: 'period', header: periodHeader, primary: true, cell: (point) => <time dateTime={point.key}>{point.longLabel}</time> },
    ...series.map(({ key, name }) => ({ key, header: name, align: 'end' as const, className: 'tabular-nums', cell: (point: ChartPoint) => formatTick(point.values[key] ?? 0) })),
  ];
  if (several) columns.push({ key: 'total', header: t`Total files`, align: 'end', className: 'tabular-nums font-medium', cell: (point) => formatTick(pointTotal(point, series)) });
  const total = points.reduce((sum, point) => sum + pointTotal(point, series), 0);
  return (
    <div className={several ? undefined : 'max-w-md'}>
      {/* Two short columns fit a phone as they are; more are stacked as cards there. */}
      <Table caption={caption} columns={columns} rows={[...points]} rowKey={(point) => point.key} stackBelow={several ? 'sm' : 'never'} />
      <p className="mt-2 px-3 text-right text-sm font-medium" data-testid="chart-table-total">
        <Plural value={total} one="Total: # file" other="Total: # files" />
      </p>
    </div>
  );
}
