import { useMemo } from 'react';
import { useOrdersSince } from '../api/get-orders-since';
import { filesFinishedSince, ordersWindowStart } from '../lib/order-figures';

/**
 * Usage added since sign-in, from the orders list: the service reports `currentUsage` only in the login body,
 * so the dashboard adds the files of the orders that finished after it (docs/decisions/usage-figures.md).
 * `data` is undefined while the list loads or when it could not be read.
 */
export function useUsageSinceSignIn(signedInAt: number) {
  const query = useOrdersSince(ordersWindowStart(signedInAt, Date.now()));
  const data = useMemo(
    () => (query.data ? { ...filesFinishedSince(query.data.orders, signedInAt), complete: query.data.complete } : undefined),
    [query.data, signedInAt],
  );
  return { data, isError: query.isError && !query.data, refetch: query.refetch };
}
