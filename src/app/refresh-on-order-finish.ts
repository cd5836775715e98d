import type { QueryClient } from '@tanstack/react-query';
import { FINISHED_STATUSES, type Order, type OrderStatus } from '@/api/schemas/orders';
import { loadOrdersCopy } from '@/features/orders/lib/history/orders-copy-config';
import { orderKeys, statsKeys, webhookKeys } from '@/lib/query-keys';

interface OrderLike {
  orderId: string;
  status: OrderStatus;
}

const isOrder = (value: unknown): value is OrderLike =>
  typeof value === 'object' && value !== null && 'orderId' in value && 'status' in value && typeof value.status === 'string';

const isWholeOrder = (order: OrderLike): order is Order => order.status !== undefined && 'createdAt' in order && 'type' in order && 'fileCount' in order;

async function addToCopy(orders: Order[]): Promise<void> {
  if (!orders.length) return;
  try {
    const { ordersCopy } = await loadOrdersCopy();
    for (const order of orders) await ordersCopy().addFinished(order);
  } catch {
    // The copy is a cache: without it the next refresh reads one more page.
  }
}

/** The orders a cached answer holds: an order (detail), a page of orders (list), or the overview's orders. */
function ordersIn(data: unknown): OrderLike[] {
  if (isOrder(data)) return [data];
  if (typeof data === 'object' && data !== null && 'orders' in data && Array.isArray(data.orders)) return data.orders.filter(isOrder);
  return [];
}

/**
 * When any cached read shows an order reach a final state it was not in before (the order page's polling, the
 * overview's list), usage has changed: the statistics and the orders lists (which carry the plan meter's
 * "finished since sign-in" figure) are refreshed at once, not after their 10 s of freshness. A finished order is
 * also a webhook delivery, so every webhook's deliveries are read anew too (a page opened next must not show
 * "No deliveries yet" from a read made before the order finished). The finished order itself joins the local copy
 * of the orders (the usage history and the export read it), which its next refresh then need not read. One watcher on the
 * query cache, so the features that poll need not know who shows usage.
 */
export function refreshOnOrderFinish(client: QueryClient): () => void {
  const seen = new Map<string, OrderStatus>();
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryKey[0] !== orderKeys.all[0]) return;
    const finished: OrderLike[] = [];
    for (const order of ordersIn(event.query.state.data)) {
      const before = seen.get(order.orderId);
      if (before !== undefined && before !== order.status && !FINISHED_STATUSES.includes(before) && FINISHED_STATUSES.includes(order.status)) {
        finished.push(order);
      }
      seen.set(order.orderId, order.status);
    }
    if (finished.length) {
      void client.invalidateQueries({ queryKey: statsKeys.all });
      void client.invalidateQueries({ queryKey: webhookKeys.details() });
      // The order read here is whole: it joins the local copy of the orders first, so the lists' refresh that
      // follows finds nothing new on the first page and stops there (not the whole history from page 1).
      const copy = addToCopy(finished.filter(isWholeOrder));
      void copy.finally(() => {
        void client.invalidateQueries({ queryKey: orderKeys.lists() });
        void client.invalidateQueries({ queryKey: orderKeys.copies() });
      });
    }
  });
}
