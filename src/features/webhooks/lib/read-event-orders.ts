import { listEventOrders } from '@/api/emulator';
import { EVENT_ORDERS_MAX_IDS, type EventOrder } from '@/api/schemas/event-orders';

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
