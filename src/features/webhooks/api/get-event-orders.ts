import { useQuery } from '@tanstack/react-query';
import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { webhookKeys } from '@/lib/query-keys';
import { readEventOrders } from '../lib/read-event-orders';

/** The orders of the events on screen; an event's payload never changes, so the answer never goes stale. */
export function useEventOrders(webhookId: number, events: readonly DeliveryEvent[], enabled: boolean) {
  const ids = events.map((e) => e.id).sort((a, b) => a - b);
  return useQuery({
    queryKey: [...webhookKeys.detail(webhookId), 'event-orders', ids],
    queryFn: ({ signal }) => readEventOrders(webhookId, ids, signal),
    enabled: enabled && ids.length > 0,
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  }).data ?? null;
}
