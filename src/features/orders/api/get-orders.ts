import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { listOrdersResponse, type ListOrdersFilter } from '@/api/schemas/orders';
import { orderKeys } from '@/lib/query-keys';

/** The list query as the dashboard sends it: every field known, filters defaulting to "all". */
export type OrdersQuery = ListOrdersFilter;

export function getOrders(query: OrdersQuery, signal?: AbortSignal) {
  return api({ path: '/orders', query: { ...query }, schema: listOrdersResponse, signal });
}

export function ordersQueryOptions(query: OrdersQuery) {
  return queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => getOrders(query, signal),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useOrders(query: OrdersQuery) {
  return useQuery(ordersQueryOptions(query));
}
