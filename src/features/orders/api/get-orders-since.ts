import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@/api/schemas/orders';
import { orderKeys } from '@/lib/query-keys';
import { fromCopied } from '../history/copy-store';
import { WalkPausedError } from '../history/history-sync';
import { ordersCopy } from '../history/orders-copy';
import { useDeferredQuery } from '@/lib/use-deferred-query';

export interface OrdersSince {
  orders: Order[];
  /** False when the copy was cut short by its page cap before `since`: figures are then lower bounds. */
  complete: boolean;
}

/**
 * Every order created at or after `since` (ms), newest first, from the local copy of the account's orders
 * (history/orders-copy.ts), made current first: a page or so once the copy reaches back to `since`, the pages
 * up to it (paced to half the plan's rate limit) the first time.
 * Under `orderKeys.lists()`, so whatever refreshes the orders lists refreshes these figures too.
 */
export async function getOrdersSince(since: number, signal?: AbortSignal): Promise<OrdersSince> {
  const copy = ordersCopy();
  let paused = false;
  try {
    await copy.ensure(since, signal);
  } catch (error) {
    // The user paused the walk before it reached `since`: the figures are then lower bounds, not an error.
    if (!(error instanceof WalkPausedError)) throw error;
    paused = true;
  }
  const { orders, complete } = await copy.read(since);
  return { orders: orders.map((order) => fromCopied(order)), complete: complete && !paused };
}

export const ordersSinceQuery = (since: number) =>
  queryOptions({
    queryKey: orderKeys.since(since),
    queryFn: ({ signal }) => getOrdersSince(since, signal),
    // While an order is processing, look again soon: its end changes usage, and the cache watcher
    // (app/refresh-on-order-finish.ts) refreshes the statistics when it sees it.
    refetchInterval: (query) => (query.state.data?.orders.some((order) => order.status === 'inProgress') ? 3_000 : false),
  });

export function useOrdersSince(since: number) {
  return useDeferredQuery(useQuery(ordersSinceQuery(since)));
}
