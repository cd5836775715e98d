import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import type { BarChartDrawingProps } from './bar-chart-placeholder';
import { chartGeometry, dayLabelParts, dayLabelsOnTwoLines, labelEvery } from './chart-geometry';
import { formatTick, useChartWords } from './chart-format';
import { SERIES_COLOURS, pointTotal } from './chart-series';

/**
 * The chart drawn by recharts: the module that imports it, loaded by bar-chart.tsx once the page has settled, so the
 * library's code and its first drawing (a 335 ms task at a phone's 4× CPU, docs/decisions/charts.md) never delay
 * the first screen. The geometry is the placeholder's (chart-geometry.ts); no entry animation, so the bars are
 * drawn at once where the placeholder's were.
 */
export function RechartsBarChart({ points, series, scale, compact, valueLabels, width, height }: BarChartDrawingProps & { width: number; height: number }) {
  const words = useChartWords();
  const g = chartGeometry(compact);
  const data = points.map((point) => ({ key: point.key, label: point.label, longLabel: point.longLabel, total: pointTotal(point, series), ...point.values }));
  const [low = 0, high = 0] = scale.domain;
  return (
    <div className="absolute inset-0" data-chart="recharts">
      <BarChart
        width={width}
        height={height}
        data={data}
        margin={{ top: g.top, right: g.right, bottom: 0, left: 0 }}
        barCategoryGap={`${((1 - g.barShare) / 2) * 100}%`}
        maxBarSize={g.maxBarWidth}
        // The drawing is aria-hidden: bar-chart.tsx gives a screen reader each bar in words, and a keyboard the table.
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="var(--chart-grid)" />
        <XAxis
          dataKey="label"
          interval={labelEvery(points.length) - 1}
          height={g.xAxisHeight}
          tickLine={false}
          stroke="currentColor"
          strokeOpacity={0.6}
          tick={(props: TickProps) => <DayTick {...props} twoLines={dayLabelsOnTwoLines(width, points.length, g)} />}
        />
        <YAxis
          domain={[low, high]}
          ticks={[...scale.ticks]}
          interval={0}
          allowDataOverflow
          width={g.yAxisWidth}
          tickLine={false}
          axisLine={false}
          tickFormatter={formatTick}
          tick={{ fill: 'currentColor', fontSize: g.fontSize }}
        />
        <Tooltip
          isAnimationActive={false}
          cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
          formatter={(value, name) => [words.files(Number(value)), String(name)]}
          labelFormatter={(_, payload) => String((payload[0]?.payload as { longLabel?: string } | undefined)?.longLabel ?? '')}
          contentStyle={{ borderRadius: 6, fontSize: 13, background: 'var(--chart-tooltip-bg)', color: 'var(--chart-tooltip-fg)', borderColor: 'var(--chart-tooltip-border)' }}
          itemStyle={{ color: 'var(--chart-tooltip-fg)' }}
        />
        {series.map(({ key, name }, index) => (
          <Bar
            key={key}
            dataKey={key}
            name={name}
            stackId="files"
            fill={SERIES_COLOURS[key]}
            radius={index === series.length - 1 ? [3, 3, 0, 0] : 0}
            isAnimationActive={false}
          >
            {valueLabels && index === series.length - 1 && (
              <LabelList dataKey="total" position="top" offset={4} formatter={(value) => formatTick(Number(value))} fill="currentColor" fontSize={12} fontWeight={500} />
            )}
          </Bar>
        ))}
      </BarChart>
    </div>
  );
}

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
}

/** A day under its bar; "Nov" over "19" when the columns are narrow, as the placeholder's wrap does. */
function DayTick({ x = 0, y = 0, payload, twoLines }: TickProps & { twoLines: boolean }) {
  const label = String(payload?.value ?? '');
  const parts = dayLabelParts(label);
  const left = Number(x);
  return (
    <text x={left} y={Number(y) + 10} textAnchor="middle" fontSize={11} fill="currentColor" className="recharts-cartesian-axis-tick-value" data-axis="x">
      {twoLines && parts.length === 2 ? (
        <>
          <tspan x={left}>{label.includes(' ') ? `${parts[0]} ` : parts[0]}</tspan>
          <tspan x={left} dy={13}>
            {parts[1]}
          </tspan>
        </>
      ) : (
        label
      )}
    </text>
  );
}
