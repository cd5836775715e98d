import { Hono } from 'hono';
import { RETRY_FAILED_MAX_EVENTS } from '../../src/api/limits';
import {
  createWebhookWireRequest,
  listEventsQuery,
  listWebhooksQuery,
  retryFailedRequest,
  updateWebhookRequest,
  type RetryEventResponse,
  type Webhook,
} from '../../src/api/schemas/webhooks';
import type { AppEnv, EmulatorContext } from '../context';
import { failedEventsCreatedBetween, findEvent, listEvents, type StoredEvent } from '../domain/delivery-events-repo';
import { defaultWebhookName } from '../domain/webhook-default-name';
import { createWebhook, deleteWebhook, listWebhooks, updateWebhook } from '../domain/webhooks-repo';
import { fail } from '../http/http-error';
import { methodNotAllowed } from '../http/method-not-allowed';
import { intParam, jsonBody, query } from '../http/validate';
import { MAX_IN_FLIGHT, retryEventNow } from '../webhooks/delivery-worker';
import { ownWebhookParam } from './webhook-param';
import { DAY_MS } from '../../src/lib/time';

const totalPages = (total: number, limit: number) => Math.ceil(total / limit);

/** /orders/webhooks: static beside /orders/:orderId, so the API mounts it before the order routes. */
export function webhookRoutes(ctx: EmulatorContext) {
  const ownWebhook = ownWebhookParam(ctx);

  return new Hono<AppEnv>()
    .get('/', query(listWebhooksQuery), (c) => {
      const filter = c.req.valid('query');
      const { webhooks, total } = listWebhooks(ctx.db, c.get('account').id, filter);
      return c.json({ data: { webhooks, pagination: { page: filter.page, limit: filter.limit, total, totalPages: totalPages(total, filter.limit) } } });
    })
    .post(jsonBody(createWebhookWireRequest), (c) => {
      const body = c.req.valid('json');
      const hook = createWebhook(ctx.db, c.get('account').id, body.name ?? defaultWebhookName(body.url), body.url);
      return c.json({ data: { id: hook.id, name: hook.name, secret: hook.secret } });
    })
    .all(methodNotAllowed('GET', 'POST'))

    .get('/:webhookId', ownWebhook, (c) => {
      const { id, name, url, secret, isActive, createdAt, updatedAt } = c.req.valid('param').webhook;
      const data: Webhook = { id, name, url, secret, isActive, createdAt, updatedAt };
      return c.json({ data });
    })
    .put(ownWebhook, jsonBody(updateWebhookRequest), (c) => {
      const { webhook } = c.req.valid('param');
      const updated = updateWebhook(ctx.db, webhook, c.req.valid('json'));
      if (updated.isActive && !webhook.isActive) ctx.deliveries?.kick();
      return c.json({ data: { id: updated.id, name: updated.name, url: updated.url, isActive: updated.isActive, updatedAt: updated.updatedAt } });
    })
    .delete(ownWebhook, (c) => {
      deleteWebhook(ctx.db, c.req.valid('param').webhook);
      return c.json({ data: null });
    })
    .all(methodNotAllowed('GET', 'PUT', 'DELETE'))

    .get('/:webhookId/events', ownWebhook, query(listEventsQuery), (c) => {
      const { webhook } = c.req.valid('param');
      const page = c.req.valid('query');
      const { events, total } = listEvents(ctx.db, webhook.id, page.page, page.limit);
      return c.json({
        data: {
          events,
          pagination: { page: page.page, limit: page.limit, total, totalPages: totalPages(total, page.limit) },
        },
      });
    })
    .all(methodNotAllowed('GET'))

    // Static sibling of .../events/:eventId/retry; different depth, but declared first anyway.
    // Every input problem of retry-failed, malformed dates included, is the documented 422.
    .post('/:webhookId/events/retry-failed', ownWebhook, jsonBody(retryFailedRequest, { status: 422 }), async (c) => {
      const { webhook } = c.req.valid('param');
      const range = c.req.valid('json');
      const dayAfter = new Date(Date.parse(`${range.toDate}T00:00:00.000Z`) + DAY_MS).toISOString();
      const events = failedEventsCreatedBetween(ctx.db, webhook.id, `${range.fromDate}T00:00:00.000Z`, dayAfter, RETRY_FAILED_MAX_EVENTS);
      let succeeded = 0;
      let failed = 0;
      await eachLimited(events, MAX_IN_FLIGHT, async (event) => {
        const result = await retryEventNow(ctx, webhook, event);
        if ('outcome' in result && result.outcome.success) succeeded++;
        else failed++;
      });
      return c.json({ data: { total: events.length, succeeded, failed } });
    })
    .all(methodNotAllowed('POST'))

    .post('/:webhookId/events/:eventId/retry', ownWebhook, async (c) => {
      const { webhook } = c.req.valid('param');
      const event = findEvent(ctx.db, webhook.id, intParam(c.req.param('eventId'), 'RESOURCE_NOT_FOUND'));
      if (!event) fail('RESOURCE_NOT_FOUND', 'No delivery event with that id for this webhook');
      if (event.status !== 'FAILED') fail('EVENT_NOT_RETRYABLE', `Only FAILED events can be retried; this one is ${event.status}`);
      const result = await retryEventNow(ctx, webhook, event);
      if ('busy' in result) fail('EVENT_NOT_RETRYABLE', 'This event is being retried already');
      const data: RetryEventResponse = {
        event_id: event.eventId,
        success: result.outcome.success,
        status: result.event.status,
        ...(result.outcome.statusCode !== null ? { status_code: result.outcome.statusCode } : {}),
        ...(result.outcome.error !== null ? { error: result.outcome.error } : {}),
      };
      return c.json({ data });
    })
    .all(methodNotAllowed('POST'));
}

async function eachLimited(events: StoredEvent[], limit: number, work: (event: StoredEvent) => Promise<void>): Promise<void> {
  const queue = [...events];
  const lanes = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    for (let event = queue.shift(); event; event = queue.shift()) await work(event);
  });
  await Promise.all(lanes);
}
