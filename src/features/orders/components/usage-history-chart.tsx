import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ORDER_TYPES, type OrderType } from '@/api/schemas/orders';
import { formatNumber } from '@/lib/format';
import { TYPE_LABELS } from '../lib/labels';

export interface HistoryChartPoint extends Record<OrderType, number> {
  /** On the axis ("Nov 23", "Nov 2026"). */
  label: string;
  /** In the tooltip ("Nov 23 – 29, 2026"). */
  longLabel: string;
}

/** One colour per kind, apart in lightness too; the legend and the table say the same in words. */
const KIND_COLOURS: Record<OrderType, string> = { antiAi: '#4f46e5', watermarkEmbed: '#0d9488', watermarkExtract: '#d97706' };

/**
 * The usage history's stacked bars (one stack per period, one segment per kind). With usage-chart.tsx of the stats
 * feature, the only modules that import recharts; loaded through usage-history-chart-lazy.tsx.
 */
export function UsageHistoryChart({ points }: { points: HistoryChartPoint[] }) {
  const { i18n, t } = useLingui();
  return (
    <div className="h-72 w-full" data-testid="usage-history-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-zinc-200 dark:stroke-zinc-700" />
          <XAxis dataKey="label" tickLine={false} fontSize={11} stroke="currentColor" minTickGap={8} />
          <YAxis allowDecimals={false} tickFormatter={(value: number) => formatNumber(value)} width={40} fontSize={12} stroke="currentColor" />
          <Tooltip
            cursor={{ fillOpacity: 0.15 }}
            formatter={(value, name) => [t`${plural(Number(value), { one: '# file', other: '# files' })}`, String(name)]}
            labelFormatter={(_, payload) => String((payload[0]?.payload as HistoryChartPoint | undefined)?.longLabel ?? '')}
            contentStyle={{ borderRadius: 6, fontSize: 13, color: '#18181b' }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {ORDER_TYPES.map((type) => (
            <Bar key={type} dataKey={type} stackId="files" name={i18n._(TYPE_LABELS[type])} fill={KIND_COLOURS[type]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
