import { Link, useLocation } from 'react-router-dom';
import type { Order } from '@/api/schemas/orders';
import { CopyButton } from '@/components/ui/copy-button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';
import { fromListState } from '../lib/back-to-list';
import { CHANNEL_LABELS, shortId, TYPE_LABELS } from '../lib/labels';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTime } from './order-time';

const HEADERS = ['Name', 'Id', 'Type', 'Channel', 'Status', 'Files', 'Created'];
const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400';
const td = 'px-3 py-2 text-sm align-middle';

function IdCell({ id }: { id: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <code className="font-mono text-xs" title={id}>
        {shortId(id)}
      </code>
      <CopyButton text={id} label="Copy" what={`order id ${id}`} />
    </span>
  );
}

/** One header for the table and its skeleton, so the columns never disagree. */
function OrdersTableHead() {
  return (
    <thead className="bg-zinc-50 dark:bg-zinc-900">
      <tr>
        {HEADERS.map((h) => (
          <th key={h} scope="col" className={th}>
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A table from 640 px up, cards below it: seven columns do not fit a phone. */
export function OrdersTable({ orders, busy }: { orders: Order[]; busy?: boolean }) {
  // The order page's "Back to orders" returns to this list with the same filters.
  const linkState = fromListState(useLocation().search);
  return (
    <div aria-busy={busy || undefined} className={busy ? 'opacity-70 transition-opacity' : undefined}>
      <div className="hidden overflow-x-auto rounded-lg border border-zinc-200 sm:block dark:border-zinc-800">
        <table className="min-w-full divide-y divide-zinc-200 dark:divide-zinc-800">
          <OrdersTableHead />
          <tbody className="divide-y divide-zinc-100 bg-white dark:divide-zinc-800 dark:bg-zinc-950">
            {orders.map((o) => (
              <tr key={o.orderId} data-testid="order-row">
                <td className={td}>
                  <Link to={`/orders/${encodeURIComponent(o.orderId)}`} state={linkState} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                    {o.orderName}
                  </Link>
                </td>
                <td className={td}>
                  <IdCell id={o.orderId} />
                </td>
                <td className={td}>{TYPE_LABELS[o.type]}</td>
                <td className={td}>{CHANNEL_LABELS[o.channel]}</td>
                <td className={td}>
                  <OrderStatusBadge status={o.status} />
                </td>
                <td className={td}>{formatNumber(o.fileCount)}</td>
                <td className={td}>
                  <OrderTime value={o.createdAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 sm:hidden">
        {orders.map((o) => (
          <li key={o.orderId} className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-950">
            <div className="flex items-start justify-between gap-2">
              <Link to={`/orders/${encodeURIComponent(o.orderId)}`} state={linkState} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                {o.orderName}
              </Link>
              <OrderStatusBadge status={o.status} />
            </div>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {TYPE_LABELS[o.type]} · {CHANNEL_LABELS[o.channel]} · {formatNumber(o.fileCount)} {o.fileCount === 1 ? 'file' : 'files'} ·{' '}
              <OrderTime value={o.createdAt} />
            </p>
            <div className="mt-2">
              <IdCell id={o.orderId} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function OrdersTableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading orders">
      <div className="hidden overflow-hidden rounded-lg border border-zinc-200 sm:block dark:border-zinc-800">
        <table className="min-w-full">
          <OrdersTableHead />
          <tbody>
            {Array.from({ length: rows }, (_, i) => (
              <tr key={i}>
                {HEADERS.map((h) => (
                  <td key={h} className={td}>
                    <Skeleton className="h-4 w-full max-w-32" />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-col gap-3 sm:hidden">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    </div>
  );
}
