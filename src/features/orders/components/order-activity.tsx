import { Link } from 'react-router-dom';
import { isMissingEndpoint } from '@/api/api-error';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/plural';
import { useOrdersSince } from '../api/get-orders-since';
import { formatDuration } from '../lib/duration';
import { averageProcessingTime, ordersInProgress } from '../lib/order-figures';

const LAST = 10;
const link = 'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

/** The overview's order status: what is still moving, and how long the last orders took. */
export function OrderActivity({ since }: { since: number }) {
  const query = useOrdersSince(since);
  let body;
  if (query.isPending) {
    body = <Skeleton className="h-16 w-full" />;
  } else if (query.isError) {
    body = isMissingEndpoint(query.error) ? (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">This service does not list orders.</p>
    ) : (
      <ErrorAlert error={query.error} title="The orders could not be loaded." onRetry={() => void query.refetch()} />
    );
  } else {
    const { processing, waiting } = ordersInProgress(query.data.orders);
    const average = averageProcessingTime(query.data.orders, LAST);
    body = (
      <dl className="grid grid-cols-2 gap-4 text-sm">
        <div>
          <dt className="text-zinc-600 dark:text-zinc-400">In progress</dt>
          <dd className="mt-1">
            {processing > 0 ? (
              <Link to="/orders?status=inProgress" className={`${link} text-lg`}>
                {formatCount(processing, 'order', 'orders')}
              </Link>
            ) : (
              <span className="text-lg font-semibold">None</span>
            )}
            {waiting > 0 && (
              <p className="mt-1 text-zinc-600 dark:text-zinc-400">
                {processing > 0 ? 'and ' : ''}
                <Link to="/orders?status=pending" className={link}>
                  {formatCount(waiting, 'order', 'orders')}
                </Link>{' '}
                waiting for files
              </p>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-zinc-600 dark:text-zinc-400">Average processing time</dt>
          <dd className="mt-1">
            {average ? (
              <>
                <span className="text-lg font-semibold">{formatDuration(average.averageMs)}</span>
                <p className="mt-1 text-zinc-600 dark:text-zinc-400">
                  last {formatCount(average.orders, 'order', 'orders')} with a result, from creation to result
                </p>
              </>
            ) : (
              <span className="text-zinc-600 dark:text-zinc-400">No finished orders yet</span>
            )}
          </dd>
        </div>
      </dl>
    );
  }
  return <Card title="Orders">{body}</Card>;
}
