import { Link } from 'react-router-dom';

/** An order's id as a link to its page; a long id wraps rather than widening the page. */
export function OrderLink({ orderId }: { orderId: string }) {
  return (
    <Link to={`/orders/${encodeURIComponent(orderId)}`} className="font-mono break-all text-indigo-700 underline dark:text-indigo-300">
      {orderId}
    </Link>
  );
}
