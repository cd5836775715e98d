/**
 * The plot's place in the chart's box, in CSS pixels, shared by the HTML placeholder (bar-chart-placeholder.tsx) and
 * recharts (recharts-bar-chart.tsx): the same numbers put the axes, the grid and the bars in the same places, so
 * nothing moves when recharts replaces the placeholder.
 */
export interface ChartGeometry {
  /** Above the plot: room for the number over a bar that reaches the top of the scale. */
  top: number;
  right: number;
  /** The X axis under the plot: two lines of day labels on a phone. */
  xAxisHeight: number;
  yAxisWidth: number;
  /** A bar's share of its column (recharts' barCategoryGap is half the rest, on each side). */
  barShare: number;
  /** The widest a bar gets on a wide screen. */
  maxBarWidth: number;
  fontSize: number;
}

export function chartGeometry(compact: boolean): ChartGeometry {
  return { top: 20, right: 8, xAxisHeight: 34, yAxisWidth: compact ? 32 : 48, barShare: 0.7, maxBarWidth: 48, fontSize: compact ? 11 : 12 };
}

/** The chart's box: a fixed height, so the skeleton, the placeholder and recharts take the same room. */
export const chartBoxClass = (compact: boolean) => (compact ? 'h-44' : 'h-72');

/** "Nov 19" → ["Nov", "19"]; Japanese "11月19日" → ["11月", "19日"] (no space: it breaks after the month's counter). */
export function dayLabelParts(label: string): string[] {
  if (label.includes(' ')) {
    const at = label.lastIndexOf(' ');
    return [label.slice(0, at), label.slice(at + 1)];
  }
  return label.match(/^(.*?\d+\D+?)(\d+.*)$/)?.slice(1) ?? [label];
}

/** Seven labels at most under the bars (a phone's width): with more bars, every n-th is labelled, from the first. */
export const labelEvery = (count: number) => Math.max(1, Math.ceil(count / 7));

/**
 * Day labels go on two lines ("Nov" over "19") when the room one label has (its column times labelEvery) is under
 * 56 px; the same rule in both drawings, so the labels do not move when recharts takes over. Each line never wraps.
 */
export function dayLabelsOnTwoLines(width: number, count: number, g: ChartGeometry): boolean {
  const band = (width - g.yAxisWidth - g.right) / Math.max(count, 1);
  return band * labelEvery(count) < 56;
}
