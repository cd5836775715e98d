import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listOrders, type OrdersQuery } from '@/api/orders';
import { orderKeys } from '@/lib/query-keys';
import { useDeferredQuery } from '@/lib/use-deferred-query';

export type { OrdersQuery };

export function ordersQueryOptions(query: OrdersQuery) {
  return queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => listOrders(query, { signal }),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useOrders(query: OrdersQuery) {
  return useDeferredQuery(useQuery(ordersQueryOptions(query)));
}
