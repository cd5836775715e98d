import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { StatsResponse } from '@/api/schemas/stats';
import { formatNumber } from '@/lib/format';

/**
 * The only module that imports recharts: it is loaded with React.lazy
 * (usage-chart-lazy.tsx) so pages without a chart never download it.
 * The Y axis uses the service's domain and ticks as they are.
 */
export function UsageChart({ data, compact = false }: { data: StatsResponse; compact?: boolean }) {
  return (
    <div className={compact ? 'h-32 w-full' : 'h-72 w-full'} data-testid="usage-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data.dailyStats} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          {!compact && <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-zinc-200 dark:stroke-zinc-700" />}
          <XAxis dataKey="usageDate" interval={0} tickLine={false} fontSize={11} stroke="currentColor" />
          <YAxis
            domain={data.domain}
            ticks={data.ticks}
            interval={0}
            allowDecimals={false}
            tickFormatter={(value: number) => formatNumber(value)}
            width={48}
            fontSize={12}
            stroke="currentColor"
            hide={compact}
          />
          <Tooltip
            cursor={{ fillOpacity: 0.15 }}
            formatter={(value) => [`${formatNumber(Number(value))} files`, 'Processed']}
            labelFormatter={(label) => `Day ${String(label)}`}
            contentStyle={{ borderRadius: 6, fontSize: 13, color: '#18181b' }}
          />
          <Bar dataKey="usageCount" name="Processed files" fill="#4f46e5" radius={[3, 3, 0, 0]} isAnimationActive={!compact} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
