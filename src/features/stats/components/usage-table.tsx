import type { StatsResponse } from '@/api/schemas/stats';
import { formatNumber } from '@/lib/format';
import { statDays } from '../lib/stats-dates';

/** The chart's numbers as a real table: for screen readers and for copying. */
export function UsageTable({ data, windowEnd, caption }: { data: StatsResponse; windowEnd: string; caption: string }) {
  const total = data.dailyStats.reduce((sum, day) => sum + day.usageCount, 0);
  return (
    <table className="w-full max-w-md text-sm">
      <caption className="mb-2 text-left text-sm text-zinc-600 dark:text-zinc-400">{caption}</caption>
      <thead>
        <tr className="border-b border-zinc-200 dark:border-zinc-700">
          <th scope="col" className="py-1.5 pr-4 text-left font-medium">Day (UTC)</th>
          <th scope="col" className="py-1.5 text-right font-medium">Files processed</th>
        </tr>
      </thead>
      <tbody>
        {statDays(data.dailyStats, windowEnd).map((day) => (
          <tr key={day.usageDate} className="border-b border-zinc-100 dark:border-zinc-800">
            <th scope="row" className="py-1.5 pr-4 text-left font-normal tabular-nums">
              {day.day ? <time dateTime={day.day}>{day.longLabel}</time> : day.usageDate}
            </th>
            <td className="py-1.5 text-right tabular-nums">{formatNumber(day.usageCount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="py-1.5 pr-4 text-left font-medium">Total</th>
          <td className="py-1.5 text-right font-medium tabular-nums">{formatNumber(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
