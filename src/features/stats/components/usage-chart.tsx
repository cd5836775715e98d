import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { StatsResponse } from '@/api/schemas/stats';
import { formatNumber } from '@/lib/format';
import { statDays } from '../lib/stats-dates';

/**
 * The only module that imports recharts: it is loaded with React.lazy
 * (usage-chart-lazy.tsx) so pages without a chart never download it.
 * The Y axis uses the service's domain and ticks as they are; the X axis shows the
 * service's `MM.DD` days as dates in the user's locale (year taken from the window).
 */
export function UsageChart({ data, windowEnd, compact = false }: { data: StatsResponse; windowEnd: string; compact?: boolean }) {
  // useLingui: the day labels and numbers are formatted here and must follow a language change.
  const { t } = useLingui();
  const days = statDays(data.dailyStats, windowEnd);
  return (
    <div className={compact ? 'h-44 w-full' : 'h-72 w-full'} data-testid="usage-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-zinc-200 dark:stroke-zinc-700" />
          <XAxis dataKey="label" interval={0} tickLine={false} fontSize={11} stroke="currentColor" tick={<DayTick />} height={36} />
          <YAxis
            domain={data.domain}
            ticks={data.ticks}
            interval={0}
            allowDecimals={false}
            tickFormatter={(value: number) => formatNumber(value)}
            width={compact ? 32 : 48}
            fontSize={compact ? 11 : 12}
            stroke="currentColor"
          />
          <Tooltip
            cursor={{ fillOpacity: 0.15 }}
            formatter={(value) => {
              const count = Number(value);
              return [t`${plural(count, { one: '# file', other: '# files' })}`, t`Processed`];
            }}
            labelFormatter={(_, payload) => String((payload[0]?.payload as { longLabel?: string } | undefined)?.longLabel ?? '')}
            contentStyle={{ borderRadius: 6, fontSize: 13, color: '#18181b' }}
          />
          <Bar dataKey="usageCount" name={t`Processed files`} fill="#4f46e5" radius={[3, 3, 0, 0]} isAnimationActive={!compact} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

interface DayTickProps {
  x?: number;
  y?: number;
  width?: number;
  payload?: { value: string };
}

/**
 * "Nov 19" on one line where a day has room, on two ("Nov" over "19") where seven days share a phone's width.
 * Japanese writes the day without a space ("11月19日"): it splits after the month's counter ("11月" over "19日").
 */
function DayTick({ x = 0, y = 0, width = 0, payload }: DayTickProps) {
  const label = payload?.value ?? '';
  const parts = label.includes(' ') ? label.split(' ') : (label.match(/^(.*?\d+\D+?)(\d+.*)$/)?.slice(1) ?? [label]);
  const narrow = width / 7 < 56 && parts.length === 2;
  return (
    <text x={x} y={y + 12} textAnchor="middle" fontSize={11} fill="currentColor" className="recharts-cartesian-axis-tick-value">
      {narrow ? (
        <>
          <tspan x={x}>{parts[0]}</tspan>
          <tspan x={x} dy={13}>
            {parts[1]}
          </tspan>
        </>
      ) : (
        label
      )}
    </text>
  );
}
