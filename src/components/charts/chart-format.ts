import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatList, formatNumber } from '@/lib/format';
import { pointTotal, type ChartPoint, type ChartSeries } from './chart-series';

/** An axis tick or a bar's number: Intl in the active locale ("1,200", "1.200"). */
export const formatTick = (value: number) => formatNumber(value);

export interface ChartWords {
  /** "1 file", "12 files": the tooltip's count. */
  files: (count: number) => string;
  /**
   * What a screen reader hears for one bar: "Sunday, November 23, 2026: 3 files"; with several kinds, each kind's
   * count after it ("…: 5 files (Anti-AI 3, Watermark embed 2)"), the kinds with none left out.
   */
  point: (point: ChartPoint, series: readonly ChartSeries[]) => string;
}

/** The words every chart uses, in the active language (a hook: they follow a language change). */
export function useChartWords(): ChartWords {
  const { t } = useLingui();
  const files = (count: number) => t`${plural(count, { one: '# file', other: '# files' })}`;
  const point = (point: ChartPoint, series: readonly ChartSeries[]) => {
    const label = point.longLabel;
    const total = files(pointTotal(point, series));
    const shares = series.length < 2 ? [] : series.filter(({ key }) => (point.values[key] ?? 0) > 0).map(({ key, name }) => `${name} ${formatTick(point.values[key] ?? 0)}`);
    if (shares.length === 0) return t`${label}: ${total}`;
    const kinds = formatList(shares);
    return t`${label}: ${total} (${kinds})`;
  };
  return { files, point };
}
