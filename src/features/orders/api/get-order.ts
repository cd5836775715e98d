import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { getOrder } from '@/api/orders';
import type { OrderStatus } from '@/api/schemas/orders';
import { orderKeys } from '@/lib/query-keys';
import { useDeferredQuery } from '@/lib/use-deferred-query';
import { nextPollInterval } from '../lib/poll-interval';

export function orderQueryOptions(orderId: string) {
  return queryOptions({ queryKey: orderKeys.detail(orderId), queryFn: ({ signal }) => getOrder(orderId, signal) });
}

/** Reads an order and keeps reading it until it finishes (1 s, backing off ×1.5 to 10 s; paused in a hidden tab). */
export function useOrder(orderId: string) {
  const last = useRef<{ interval: number | null; status: OrderStatus | undefined }>({ interval: null, status: undefined });
  const result = useQuery({
    ...orderQueryOptions(orderId),
    refetchIntervalInBackground: false,
    refetchInterval: (query) => {
      if (query.state.error) return false;
      const status = query.state.data?.status;
      // A new status (pending → inProgress) restarts the quick polling: the next change is likely soon.
      const previous = status === last.current.status ? last.current.interval : null;
      const next = nextPollInterval(previous, status);
      last.current = { interval: next === false ? null : next, status };
      return next;
    },
  });
  return useDeferredQuery(result);
}
