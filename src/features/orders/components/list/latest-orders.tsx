import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { isMissingEndpoint } from '@/api/api-error';
import { buttonClass } from '@/components/ui/form/button';
import { Card } from '@/components/ui/layout/card';
import { EmptyState } from '@/components/ui/feedback/empty-state';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { useOrders } from '../../api/get-orders';
import { TYPE_LABELS } from '../../lib/labels';
import { OrderStatusBadge } from '../order-status-badge';
import { OrderTime } from './order-time';

const LATEST = { page: 1, limit: 5, status: 'all', type: 'all', channel: 'all' };
const linkClass = 'text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300';

/** The five newest orders, for the overview. */
export function LatestOrders() {
  const { i18n, t } = useLingui();
  const query = useOrders(LATEST);
  let body;
  if (query.isPending) {
    body = (
      <ul role="status" aria-label={t`Loading the latest orders`} className="flex flex-col gap-3">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i}>
            <Skeleton className="h-10 w-full" />
          </li>
        ))}
      </ul>
    );
  } else if (query.isError) {
    body = isMissingEndpoint(query.error) ? (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        <Trans>This service does not list orders.</Trans>
      </p>
    ) : (
      <ErrorAlert error={query.error} title={t`The latest orders could not be loaded.`} onRetry={() => void query.refetch()} />
    );
  } else if (query.data.orders.length === 0) {
    body = (
      <EmptyState
        headingLevel={3}
        title={t`No orders yet`}
        description={t`Orders you create here or through the API appear in this list, newest first.`}
        action={
          <Link to="/orders/new" className={buttonClass({ variant: 'secondary' })}>
            <Trans>Create your first order</Trans>
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
              <Link to={`/orders/${encodeURIComponent(o.orderId)}`} className={`${linkClass} block truncate`}>
                {o.orderName}
              </Link>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                {i18n._(TYPE_LABELS[o.type])} · <OrderTime value={o.createdAt} />
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
      title={t`Latest orders`}
      actions={
        <Link to="/orders" className={linkClass}>
          <Trans>All orders</Trans>
        </Link>
      }
    >
      {body}
    </Card>
  );
}
