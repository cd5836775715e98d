import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { SERIES_COLOURS } from '@/components/charts/chart-series';
import { Card } from '@/components/ui/layout/card';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { formatUtcMonth } from '@/lib/format';
import { useOrdersSince } from '../../api/get-orders-since';
import { TYPE_LABELS } from '../../lib/labels';
import { usageThisMonthByKind, utcMonthStart } from '../../lib/order-figures';
import { ORDER_TYPES } from '@/api/schemas/orders';


/**
 * This month's usage by order kind. The service has no such figure, so it is derived from the orders list:
 * the files of the orders that finished this UTC month with a result (what the service counts as usage).
 */
export function UsageByKind({ since }: { since: number }) {
  const { i18n, t } = useLingui();
  const query = useOrdersSince(since);
  const now = Date.now();
  const month = formatUtcMonth(utcMonthStart(now));
  let body;
  if (query.isPending) {
    body = <Skeleton className="h-24 w-full" />;
  } else if (query.isError) {
    body = <ErrorAlert error={query.error} title={t`The orders could not be loaded.`} onRetry={() => void query.refetch()} />;
  } else {
    const byKind = usageThisMonthByKind(query.data.orders, now);
    const total = ORDER_TYPES.reduce((sum, type) => sum + byKind[type].files, 0);
    body = (
      <>
        <p className="mb-3 text-sm" data-testid="month-usage-total">
          {query.data.complete ? (
            <Trans>
              <span className="text-lg font-semibold">
                <Plural value={total} one="# file" other="# files" />
              </span>{' '}
              in {month}
            </Trans>
          ) : (
            <Trans>
              <span className="text-lg font-semibold">
                <Plural value={total} one="# file" other="# files" />
              </span>{' '}
              in {month} (at least)
            </Trans>
          )}
        </p>
        <ul className="flex flex-col gap-2 text-sm">
          {ORDER_TYPES.map((type) => {
            const { files, orders } = byKind[type];
            return (
              <li key={type}>
                <div className="flex items-baseline justify-between gap-2">
                  <span>{i18n._(TYPE_LABELS[type])}</span>
                  <span className="tabular-nums">
                    <Trans>
                      <Plural value={files} one="# file" other="# files" />{' '}
                      <span className="text-zinc-600 dark:text-zinc-400">
                        (<Plural value={orders} one="# order" other="# orders" />)
                      </span>
                    </Trans>
                  </span>
                </div>
                {/* The bar repeats the number beside it, for the eye only. */}
                <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-zinc-200 dark:bg-zinc-800">
                  {/* In the kind's colour, as in the usage history's chart. */}
                  <div className="h-full rounded-full" style={{ width: total ? `${(files / total) * 100}%` : 0, background: SERIES_COLOURS[type] }} />
                </div>
              </li>
            );
          })}
        </ul>
        <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
          <Trans>
            Counted from your orders list: the files of orders that finished this month (UTC days) with a result, as the service counts usage.
          </Trans>
        </p>
      </>
    );
  }
  return <Card title={t`This month by order kind`}>{body}</Card>;
}
