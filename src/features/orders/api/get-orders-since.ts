import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderKeys } from '@/lib/query-keys';
import { getOrdersSince } from '../lib/history/orders-since';
import { useDeferredQuery } from '@/lib/use-deferred-query';

/** Under `orderKeys.lists()`, so whatever refreshes the orders lists refreshes these figures too. */
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
