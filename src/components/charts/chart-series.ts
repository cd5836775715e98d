import type { OrderType } from '@/api/schemas/orders';

/** What a chart's bars count: the files of one order kind, or of all kinds together (the service's daily usage). */
export type SeriesKey = 'files' | OrderType;

/**
 * One colour per order kind, the same in every chart, and one for all kinds together. CSS variables (src/index.css),
 * so the HTML placeholder and recharts' SVG take the same value, and a dark page its lighter one.
 */
export const SERIES_COLOURS: Record<SeriesKey, string> = {
  files: 'var(--chart-files)',
  antiAi: 'var(--chart-anti-ai)',
  watermarkEmbed: 'var(--chart-watermark-embed)',
  watermarkExtract: 'var(--chart-watermark-extract)',
};

export interface ChartSeries {
  key: SeriesKey;
  /** In the legend, the tooltip, the table's header and the screen reader's words. */
  name: string;
}

export interface ChartPoint {
  /** The day or the period's first day (YYYY-MM-DD): React's key, and the table's `<time dateTime>`. */
  key: string;
  /** Under the bar ("Nov 23", "Nov 2026"). */
  label: string;
  /** In the tooltip, the table and the screen reader's words ("Sunday, November 23, 2026", "Nov 23 – 29, 2026"). */
  longLabel: string;
  values: Partial<Record<SeriesKey, number>>;
}

/** The Y axis: from domain[0] to domain[1], a labelled line at each tick. */
export interface ChartScale {
  domain: readonly number[];
  ticks: readonly number[];
}

export const pointTotal = (point: ChartPoint, series: readonly ChartSeries[]) => series.reduce((sum, { key }) => sum + (point.values[key] ?? 0), 0);

/** A value's height as a share of the plot (0–1); a value beyond the domain stays inside the plot. */
export function shareOf(value: number, { domain }: ChartScale): number {
  const [min = 0, max = 0] = domain;
  return max > min ? Math.min(1, Math.max(0, (value - min) / (max - min))) : 0;
}

/**
 * A scale for counts the service gives none for (the usage history): from 0 to a round top, in four or five steps of
 * 1, 2 or 5 × 10ⁿ. The placeholder and recharts draw it both, so their ticks agree.
 */
export function countScale(max: number): ChartScale {
  if (max <= 0) return { domain: [0, 4], ticks: [0, 1, 2, 3, 4] };
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, ([1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough) ?? 10 * power));
  const top = Math.ceil(max / step) * step;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  return { domain: [0, top], ticks };
}
