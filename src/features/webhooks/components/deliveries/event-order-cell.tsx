import { Link } from 'react-router-dom';
import type { EventOrder } from '@/api/schemas/event-orders';

/** The order a delivery names: its name linked to the order's page, the full id under it (copyable text). */
export function EventOrderCell({ order }: { order: EventOrder | undefined }) {
  if (!order?.orderId) return null;
  return (
    <span className="flex min-w-0 flex-col text-sm" data-testid="event-order">
      <Link to={`/orders/${encodeURIComponent(order.orderId)}`} className="break-words text-indigo-700 hover:underline dark:text-indigo-300">
        {order.orderName ?? order.orderId}
      </Link>
      <code className="font-mono text-xs break-all text-zinc-600 dark:text-zinc-400">{order.orderId}</code>
    </span>
  );
}
