import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@/api/schemas/orders';
import { orderKeys } from '@/lib/query-keys';
import { LIST_LIMIT_MAX } from '@/api/limits';
import { listOrders } from '@/api/orders';
import { useDeferredQuery } from '@/lib/use-deferred-query';

const PAGE = LIST_LIMIT_MAX;
/** 20 pages of 100: beyond this the figures say "at least" rather than reading on. */
const MAX_PAGES = 20;

export interface OrdersSince {
  orders: Order[];
  /** False when the page cap stopped the reading before `since`: figures are then lower bounds. */
  complete: boolean;
}

/**
 * Every order created at or after `since` (ms), read newest first page by page until the pages pass it.
 * Under `orderKeys.lists()`, so whatever refreshes the orders lists refreshes these figures too.
 */
export async function getOrdersSince(since: number, signal?: AbortSignal): Promise<OrdersSince> {
  const orders: Order[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await listOrders({ page, limit: PAGE, status: 'all', type: 'all', channel: 'all' }, { signal });
    const inWindow = answer.orders.filter((order) => Date.parse(order.createdAt) >= since);
    orders.push(...inWindow);
    if (inWindow.length < answer.orders.length || page >= answer.pageInfo.totalPages) return { orders, complete: true };
  }
  return { orders, complete: false };
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
