import { Hono } from 'hono';
import { eventOrdersQuery, type EventOrdersResponse } from '../../src/api/schemas/event-orders';
import type { AppEnv, EmulatorContext } from '../context';
import { findEvent } from '../domain/delivery-events-repo';
import { methodNotAllowed } from '../http/method-not-allowed';
import { query } from '../http/validate';
import { ownWebhookParam } from './webhook-param';

function orderOfBody(body: string): { orderId: string | null; orderName: string | null } {
  try {
    const data = (JSON.parse(body) as { data?: { orderId?: unknown; orderName?: unknown } }).data;
    return {
      orderId: typeof data?.orderId === 'string' ? data.orderId : null,
      orderName: typeof data?.orderName === 'string' ? data.orderName : null,
    };
  } catch {
    return { orderId: null, orderName: null };
  }
}

/**
 * /_emulator/webhooks/:webhookId/event-orders: which order each delivery names (the payload's data.orderId and
 * orderName), for a page of events in one call: the dashboard's events table and exports name the order without one
 * attempts read per event. Owner only.
 */
export function eventOrdersRoutes(ctx: EmulatorContext) {
  return new Hono<AppEnv>()
    .get('/:webhookId/event-orders', ownWebhookParam(ctx), query(eventOrdersQuery), (c) => {
      const { webhook } = c.req.valid('param');
      const { ids } = c.req.valid('query');
      const orders: EventOrdersResponse['orders'] = [];
      for (const id of ids) {
        const event = findEvent(ctx.db, webhook.id, id);
        if (event) orders.push({ eventId: event.id, ...orderOfBody(event.body) });
      }
      return c.json({ data: { orders } satisfies EventOrdersResponse });
    })
    .all(methodNotAllowed('GET'));
}
