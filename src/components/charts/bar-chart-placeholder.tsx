import { chartGeometry, dayLabelParts, dayLabelsOnTwoLines, labelEvery } from './chart-geometry';
import { formatTick } from './chart-format';
import { SERIES_COLOURS, pointTotal, shareOf, type ChartPoint, type ChartScale, type ChartSeries } from './chart-series';

export interface BarChartDrawingProps {
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  scale: ChartScale;
  compact: boolean;
  /** Each bar's number above it, so no figure needs a hover (a phone has none). */
  valueLabels: boolean;
  /** The box's width once measured (before the first paint in a browser): decides one or two lines of day labels. */
  width?: number;
}

const percent = (share: number) => `${share * 100}%`;

/**
 * The chart drawn with HTML and CSS, from the data, at first paint: what a phone shows until recharts has loaded
 * (once the page has settled, load-recharts.ts), with recharts' geometry (chart-geometry.ts), so nothing moves when recharts
 * replaces it. A few hundred bytes and no library: the 7-day chart costs the first screen nothing.
 */
export function BarChartPlaceholder({ points, series, scale, compact, valueLabels, width }: BarChartDrawingProps) {
  const g = chartGeometry(compact);
  const twoLines = width !== undefined && dayLabelsOnTwoLines(width, points.length, g);
  const plot = { left: g.yAxisWidth, right: g.right, top: g.top, bottom: g.xAxisHeight };
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS value, not words
  const columns = { gridTemplateColumns: `repeat(${Math.max(points.length, 1)}, minmax(0, 1fr))` };
  return (
    <div className="absolute inset-0" style={{ fontSize: g.fontSize }} data-chart="placeholder">
      <div className="absolute left-0" style={{ top: plot.top, bottom: plot.bottom, width: g.yAxisWidth }}>
        {scale.ticks.map((tick) => (
          <span key={tick} data-axis="y" className="absolute right-2 translate-y-1/2 leading-none tabular-nums" style={{ bottom: percent(shareOf(tick, scale)) }}>
            {formatTick(tick)}
          </span>
        ))}
      </div>
      <div className="absolute" style={plot}>
        {scale.ticks.map((tick) => (
          <div key={tick} className="absolute inset-x-0 border-t border-dashed border-zinc-200 dark:border-zinc-700" style={{ bottom: percent(shareOf(tick, scale)) }} />
        ))}
        <div className="absolute inset-x-0 bottom-0 border-t border-current opacity-60" />
        <div className="relative grid h-full" style={columns}>
          {points.map((point) => {
            const total = pointTotal(point, series);
            return (
              <div key={point.key} className="relative h-full">
                <div
                  className="absolute bottom-0 left-1/2 flex -translate-x-1/2 flex-col-reverse overflow-hidden rounded-t-[3px]"
                  style={{ height: percent(shareOf(total, scale)), width: percent(g.barShare), maxWidth: g.maxBarWidth }}
                  data-testid="chart-bar"
                >
                  {series.map(({ key }) => (point.values[key] ?? 0) > 0 && (
                    <div key={key} style={{ flexGrow: point.values[key], background: SERIES_COLOURS[key] }} data-series={key} />
                  ))}
                </div>
                {valueLabels && (
                  <span className="absolute left-1/2 mb-1 -translate-x-1/2 leading-none font-medium whitespace-nowrap text-zinc-800 tabular-nums dark:text-zinc-200" style={{ bottom: percent(shareOf(total, scale)) }} data-value>
                    {formatTick(total)}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </div>
      <div className="absolute grid pt-2 text-center leading-tight" style={{ ...columns, left: plot.left, right: plot.right, bottom: 0, height: g.xAxisHeight, fontSize: 11 }}>
        {points.map((point, index) => {
          const [first, second] = dayLabelParts(point.label);
          // Every column keeps its cell, so a label stays under its bar when some are left out.
          if (index % labelEvery(points.length) !== 0) return <span key={point.key} />;
          // Centred under its bar and free of the column's width (a 30-day history's column is a few pixels): a
          // label wraps only where recharts' does, between the month and the day.
          return (
            <span key={point.key} className="relative">
              <span data-axis="x" className="absolute left-1/2 -translate-x-1/2 whitespace-nowrap">
                {first}
                {second !== undefined && (
                  <>
                    {point.label.includes(' ') ? ' ' : ''}
                    {twoLines && <br />}
                    {second}
                  </>
                )}
              </span>
            </span>
          );
        })}
      </div>
    </div>
  );
}
