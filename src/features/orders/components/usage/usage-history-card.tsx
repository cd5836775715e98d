import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { History } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';

import { ORDER_CHANNELS, ORDER_TYPES } from '@/api/schemas/orders';
import { Badge } from '@/components/ui/feedback/badge';
import { Card } from '@/components/ui/layout/card';
import { EmptyState } from '@/components/ui/feedback/empty-state';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { SelectField } from '@/components/ui/form/select-field';
import { TextField } from '@/components/ui/form/text-field';
import { formatDate, formatDateRange, formatShortDate, formatUtcMonth, formatUtcShortMonth } from '@/lib/format';
import { useOrdersCopy } from '../../api/get-orders-copy';
import { OrdersWalkProgress } from './orders-walk-progress';
import { parseHistoryParams, withHistoryParams, type HistoryParams } from '../../lib/history-params';
import { CHANNEL_LABELS, TYPE_LABELS } from '../../lib/labels';
import { addDays, earliestFrom, isDay, ordersNeededFrom, todayUtc, usageHistory, type Grouping, type HistoryPeriod, type RangeProblem } from '../../lib/usage-history';
import { BarChart } from '@/components/charts/bar-chart';
import { ChartTable } from '@/components/charts/chart-table';
import { ChartViewToggle, type ChartView } from '@/components/charts/chart-view-toggle';
import { countScale, type ChartPoint, type ChartSeries } from '@/components/charts/chart-series';
import { useUrlSearch } from '@/lib/use-url-search';

/**
 * The local midnight of a UTC calendar day: format.ts prints in the user's zone, so a day's UTC midnight would
 * show as the day before west of Greenwich (the stats feature does the same for its days).
 */
function calendarDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

const isWholeMonth = (period: HistoryPeriod) => period.start.endsWith('-01') && addDays(period.end, 1).endsWith('-01');

function periodLabels(period: HistoryPeriod, grouping: Grouping): { label: string; longLabel: string } {
  if (grouping === 'day') return { label: formatShortDate(calendarDay(period.start)), longLabel: formatDate(calendarDay(period.start)) };
  if (grouping === 'month' && isWholeMonth(period)) {
    const month = `${period.start}T00:00:00Z`;
    return { label: formatUtcShortMonth(month), longLabel: formatUtcMonth(month) };
  }
  return {
    label: grouping === 'month' ? formatUtcShortMonth(`${period.start}T00:00:00Z`) : formatShortDate(calendarDay(period.start)),
    longLabel: formatDateRange(calendarDay(period.start), calendarDay(period.end)),
  };
}

/**
 * True once the element has come into view, and from then on. The history sits below the 7-day
 * chart and the plan: reading the orders and drawing a second chart before anyone scrolls there slowed the first
 * chart on a busy phone, for a card that may never be seen.
 */
function useSeen(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

export function UsageHistory() {
  const { i18n, t } = useLingui();
  const [search, setSearch] = useUrlSearch();
  const today = todayUtc();
  const params = parseHistoryParams(search, today);
  const [view, setView] = useState<ChartView>('chart');
  const anchor = useRef<HTMLDivElement>(null);
  const near = useSeen(anchor);
  const update = (next: Partial<{ preset: HistoryParams['preset']; from: string; to: string; group: Grouping | 'auto'; channel: HistoryParams['channel'] }>) =>
    setSearch(
      (current) => {
        const now = parseHistoryParams(current, today);
        return withHistoryParams(current, {
          preset: now.preset,
          from: now.from,
          to: now.to,
          group: now.autoGrouping ? 'auto' : now.grouping,
          channel: now.channel,
          ...next,
        });
      },
      { replace: true },
    );

  // Every channel at once, from the local copy of the orders, filtered here: switching the channel needs no new reading.
  const { query, progress, paused, pause, resume } = useOrdersCopy(ordersNeededFrom(params.range), { enabled: near });
  const history = useMemo(
    () => (query.data ? usageHistory(query.data.orders, params.range, params.grouping, params.channel) : null),
    [query.data, params.range, params.grouping, params.channel],
  );

  const limitTo = isDay(params.to) && params.to <= today ? params.to : today;
  const earliest = formatDate(calendarDay(earliestFrom(limitTo)));
  const problemText: Record<RangeProblem, string> = {
    invalid: t`Enter both dates as real days.`,
    order: t`The start date must be on or before the end date.`,
    future: t`The end date cannot be after today (UTC).`,
    'too-long': t`Choose at most 12 months: from ${earliest} at the earliest.`,
  };
  const fromText = formatDate(calendarDay(params.range.from));
  const toText = formatDate(calendarDay(params.range.to));
  const channelName = params.channel === 'all' ? null : i18n._(CHANNEL_LABELS[params.channel]);
  const caption = t`Files processed per period and order kind`;

  let body;
  if (params.problem) {
    body = null;
  } else if (!query.data && (paused || query.isPending)) {
    body = <OrdersWalkProgress progress={progress} paused={paused} onPause={pause} onResume={resume} />;
  } else if (query.isError) {
    body = <ErrorAlert error={query.error} title={t`The orders for the history could not be loaded.`} onRetry={() => void query.refetch()} />;
  } else if (history && history.totals.total === 0) {
    body = (
      <EmptyState
        icon={History}
        headingLevel={3}
        title={t`No files processed in this period`}
        description={
          channelName ? t`No order through ${channelName} finished with a result in these dates. Try all channels or a longer period.` : t`No order finished with a result in these dates. Try a longer period.`
        }
      />
    );
  } else if (history) {
    // The shared chart (src/components/charts): the kinds in the colours every chart gives them, on a round scale.
    const points: ChartPoint[] = history.periods.map((period) => ({ key: period.start, ...periodLabels(period, params.grouping), values: { ...period.files } }));
    const series: ChartSeries[] = ORDER_TYPES.map((type) => ({ key: type, name: i18n._(TYPE_LABELS[type]) }));
    const scale = countScale(Math.max(0, ...history.periods.map((period) => period.total)));
    const periodHeader = params.grouping === 'day' ? t`Day (UTC)` : params.grouping === 'week' ? t`Week (UTC, from Monday)` : t`Month (UTC)`;
    const total = history.totals.total;
    const orders = history.totals.orders;
    body = (
      <>
        <p className="mb-3 text-sm" data-testid="history-total">
          <Trans>
            <span className="text-lg font-semibold">
              <Plural value={total} one="# file" other="# files" />
            </span>{' '}
            in <Plural value={orders} one="# order" other="# orders" />
          </Trans>
          {channelName && (
            <>
              {' '}
              <Trans>(channel: {channelName})</Trans>
            </>
          )}
        </p>
        {!query.data.complete && (
          <Notice tone="warning" className="mb-3">
            <Trans>This account has more orders than the dashboard reads at once; the oldest are left out, so the figures are at least these.</Trans>
          </Notice>
        )}
        {view === 'chart' ? (
          <BarChart label={caption} points={points} series={series} scale={scale} testId="usage-history-chart" />
        ) : (
          <ChartTable caption={caption} points={points} series={series} periodHeader={periodHeader} />
        )}
      </>
    );
  }

  return (
    <div ref={anchor}>
      <Card
        title={t`Usage history`}
        description={
          <>
            <Badge tone="info" className="mr-2">
              <Trans>Derived from your orders</Trans>
            </Badge>
            <Trans>
              The service keeps statistics for 7 days only. This history counts the files of your orders that finished with a result (failed ones do
              not count), on the UTC day they finished: the rule the service uses for usage.
            </Trans>
          </>
        }
      >
        <div className="mb-4 grid grid-cols-1 items-end gap-3 sm:grid-cols-3">
          <SelectField
            label={t`Period`}
            value={params.preset}
            onChange={(event) => update({ preset: event.target.value as HistoryParams['preset'], group: 'auto' })}
            options={[
              { value: '30d', label: t`Last 30 days` },
              { value: '3m', label: t`Last 3 months` },
              { value: '12m', label: t`Last 12 months` },
              { value: 'custom', label: t`Dates of your choice` },
            ]}
          />
          <SelectField
            label={t`Group by`}
            value={params.grouping}
            onChange={(event) => update({ group: event.target.value as Grouping })}
            options={[
              { value: 'day', label: t`Day` },
              { value: 'week', label: t`Week` },
              { value: 'month', label: t`Month` },
            ]}
          />
          <SelectField
            label={t({ message: 'Channel', context: 'usage history' })}
            value={params.channel}
            onChange={(event) => update({ channel: event.target.value as HistoryParams['channel'] })}
            options={[{ value: 'all', label: t({ message: 'All', context: 'channel filter' }) }, ...ORDER_CHANNELS.map((c) => ({ value: c, label: i18n._(CHANNEL_LABELS[c]) }))]}
          />
          {params.preset === 'custom' && (
            <>
              <TextField
                label={t`From (UTC)`}
                type="date"
                value={params.from}
                min={earliestFrom(limitTo)}
                max={limitTo}
                onChange={(event) => update({ from: event.target.value })}
                error={params.problem ? problemText[params.problem] : undefined}
              />
              <TextField label={t`To (UTC)`} type="date" value={params.to} max={today} onChange={(event) => update({ to: event.target.value })} />
            </>
          )}
        </div>
        {!params.problem && (
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              <Trans>
                <time dateTime={params.range.from}>{fromText}</time> to <time dateTime={params.range.to}>{toText}</time> (UTC days)
              </Trans>
              {query.isFetching && query.data && (
                <span role="status" className="ml-2">
                  <Trans>Updating…</Trans>
                </span>
              )}
            </p>
            {history && history.totals.total > 0 && (
              <ChartViewToggle view={view} onViewChange={setView} labels={{ table: <Trans>Show history as table</Trans>, chart: <Trans>Show history as chart</Trans> }} />
            )}
          </div>
        )}
        {body}
      </Card>
    </div>
  );
}
