import { Link } from 'react-router-dom';
import { isMissingEndpoint } from '@/api/api-error';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useOrders } from '../api/get-orders';
import { TYPE_LABELS } from '../lib/labels';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTime } from './order-time';

const LATEST = { page: 1, limit: 5, status: 'all', type: 'all', channel: 'all' };
const link = 'text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300';

/** The five newest orders, for the overview. */
export function LatestOrders() {
  const query = useOrders(LATEST);
  let body;
  if (query.isPending) {
    body = (
      <ul role="status" aria-label="Loading the latest orders" className="flex flex-col gap-3">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i}>
            <Skeleton className="h-10 w-full" />
          </li>
        ))}
      </ul>
    );
  } else if (query.isError) {
    body = isMissingEndpoint(query.error) ? (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">This service does not list orders.</p>
    ) : (
      <ErrorAlert error={query.error} title="The latest orders could not be loaded." onRetry={() => void query.refetch()} />
    );
  } else if (query.data.orders.length === 0) {
    body = (
      <EmptyState
        headingLevel={3}
        title="No orders yet"
        description="Orders you create here or through the API appear in this list, newest first."
        action={
          <Link to="/orders/new" className={buttonClass({ variant: 'secondary' })}>
            Create your first order
          </Link>
        }
      />
    );
  } else {
    body = (
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {query.data.orders.map((o) => (
          <li key={o.orderId} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <Link to={`/orders/${encodeURIComponent(o.orderId)}`} className={`${link} block truncate`}>
                {o.orderName}
              </Link>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                {TYPE_LABELS[o.type]} · <OrderTime value={o.createdAt} />
              </p>
            </div>
            <OrderStatusBadge status={o.status} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card
      title="Latest orders"
      actions={
        <Link to="/orders" className={link}>
          All orders
        </Link>
      }
    >
      {body}
    </Card>
  );
}
