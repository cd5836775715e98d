import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { isMissingEndpoint } from '@/api/api-error';
import { Card } from '@/components/ui/layout/card';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { useOrdersSince } from '../../api/get-orders-since';
import { formatDuration } from '@/lib/format';
import { averageProcessingTime, ordersInProgress } from '../../lib/order-figures';

const LAST = 10;
const linkClass = 'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

/** The overview's order status: what is still moving, and how long the last orders took. */
export function OrderActivity({ since }: { since: number }) {
  const { t } = useLingui();
  const query = useOrdersSince(since);
  let body;
  if (query.isPending) {
    body = <Skeleton className="h-16 w-full" />;
  } else if (query.isError) {
    body = isMissingEndpoint(query.error) ? (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        <Trans>This service does not list orders.</Trans>
      </p>
    ) : (
      <ErrorAlert error={query.error} title={t`The orders could not be loaded.`} onRetry={() => void query.refetch()} />
    );
  } else {
    const { processing, waiting } = ordersInProgress(query.data.orders);
    const average = averageProcessingTime(query.data.orders, LAST);
    const averaged = average?.orders ?? 0;
    body = (
      <dl className="grid grid-cols-2 gap-4 text-sm">
        <div>
          <dt className="text-zinc-600 dark:text-zinc-400">
            <Trans>In progress</Trans>
          </dt>
          <dd className="mt-1">
            {processing > 0 ? (
              <Link to="/orders?status=inProgress" className={`${linkClass} text-lg`}>
                <Plural value={processing} one="# order" other="# orders" />
              </Link>
            ) : (
              <span className="text-lg font-semibold">
                <Trans>None</Trans>
              </span>
            )}
            {waiting > 0 && (
              <p className="mt-1 text-zinc-600 dark:text-zinc-400">
                {/* Two whole sentences rather than a prefix "and": word order differs in ko/ja. */}
                {processing > 0 ? (
                  <Trans>
                    and{' '}
                    <Link to="/orders?status=pending" className={linkClass}>
                      <Plural value={waiting} one="# order" other="# orders" />
                    </Link>{' '}
                    waiting for files
                  </Trans>
                ) : (
                  <Trans>
                    <Link to="/orders?status=pending" className={linkClass}>
                      <Plural value={waiting} one="# order" other="# orders" />
                    </Link>{' '}
                    waiting for files
                  </Trans>
                )}
              </p>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-zinc-600 dark:text-zinc-400">
            <Trans>Average processing time</Trans>
          </dt>
          <dd className="mt-1">
            {average ? (
              <>
                <span className="text-lg font-semibold">{formatDuration(average.averageMs)}</span>
                <p className="mt-1 text-zinc-600 dark:text-zinc-400">
                  <Plural
                    value={averaged}
                    one="last # order with a result, from creation to result"
                    other="last # orders with a result, from creation to result"
                  />
                </p>
              </>
            ) : (
              <span className="text-zinc-600 dark:text-zinc-400">
                <Trans>No finished orders yet</Trans>
              </span>
            )}
          </dd>
        </div>
      </dl>
    );
  }
  return <Card title={t`Orders`}>{body}</Card>;
}
