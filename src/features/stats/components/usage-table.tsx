import { Plural, useLingui } from '@lingui/react/macro';
import type { StatsResponse } from '@/api/schemas/stats';
import { Table, type Column } from '@/components/ui/table';
import { formatNumber } from '@/lib/format';
import { statDays, type StatDay } from '../lib/stats-dates';

/** The chart's numbers as a real table: for screen readers and for copying. Two short columns fit a phone as they are. */
export function UsageTable({ data, windowEnd, caption }: { data: StatsResponse; windowEnd: string; caption: string }) {
  const { t } = useLingui();
  const columns: readonly Column<StatDay>[] = [
    {
      key: 'day',
      header: t`Day (UTC)`,
      primary: true,
      cell: (day) => (day.day ? <time dateTime={day.day}>{day.longLabel}</time> : day.usageDate),
    },
    { key: 'count', header: t`Files processed`, align: 'end', className: 'tabular-nums', cell: (day) => formatNumber(day.usageCount) },
  ];
  const total = data.dailyStats.reduce((sum, day) => sum + day.usageCount, 0);
  return (
    <div className="max-w-md">
      <Table caption={caption} columns={columns} rows={statDays(data.dailyStats, windowEnd)} rowKey={(day) => day.usageDate} stackBelow="never" />
      <p className="mt-2 px-3 text-right text-sm font-medium">
        <Plural value={total} one="Total: # file" other="Total: # files" />
      </p>
    </div>
  );
}
