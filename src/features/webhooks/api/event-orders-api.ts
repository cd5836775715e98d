import { useQuery } from '@tanstack/react-query';
import { listEventOrders } from '@/api/emulator';
import { EVENT_ORDERS_MAX_IDS, type EventOrder } from '@/api/schemas/event-orders';
import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { webhookKeys } from '@/lib/query-keys';

export type OrdersByEvent = ReadonlyMap<number, EventOrder>;

/**
 * Which order each event names. The service's listing does not carry it; the emulator reads it from the payload it
 * sent (`/_emulator/webhooks/:id/event-orders`), 100 events a call. Null on a real service (no such call) and on any
 * failure: the order is extra information, never a reason to fail the table or an export.
 */
export async function readEventOrders(webhookId: number, eventIds: readonly number[], signal?: AbortSignal): Promise<OrdersByEvent | null> {
  const out = new Map<number, EventOrder>();
  try {
    for (let i = 0; i < eventIds.length; i += EVENT_ORDERS_MAX_IDS) {
      const { orders } = await listEventOrders(webhookId, eventIds.slice(i, i + EVENT_ORDERS_MAX_IDS), signal);
      for (const order of orders) out.set(order.eventId, order);
    }
    return out;
  } catch {
    return null;
  }
}

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
