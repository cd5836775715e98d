import type { Hono } from 'hono';
import { eventOrdersQuery, type EventOrdersResponse } from '../../src/api/schemas/event-orders';
import type { AppEnv, EmulatorContext } from '../context';
import { findEvent } from '../domain/delivery-events-repo';
import { findWebhook } from '../domain/webhooks-repo';
import { authenticate } from '../http/authenticate';
import { fail } from '../http/http-error';
import { route } from '../http/routing';
import { intParam, readQuery } from '../http/validate';

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
 * Which order each delivery names (the payload's data.orderId and orderName), for a page of events in one call: the
 * dashboard's events table and exports name the order without one attempts read per event. Owner only.
 */
export function registerEventOrdersRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  const path = '/_emulator/webhooks/:webhookId/event-orders';
  app.use(path, authenticate(ctx));
  route(app, path, {
    GET: (c) => {
      const hook = findWebhook(ctx.db, c.get('account').id, intParam(c.req.param('webhookId'), 'WEBHOOK_NOT_FOUND'));
      if (!hook) fail('WEBHOOK_NOT_FOUND');
      const { ids } = readQuery(c, eventOrdersQuery);
      const orders: EventOrdersResponse['orders'] = [];
      for (const id of ids) {
        const event = findEvent(ctx.db, hook.id, id);
        if (event) orders.push({ eventId: event.id, ...orderOfBody(event.body) });
      }
      return c.json({ data: { orders } satisfies EventOrdersResponse });
    },
  });
}
