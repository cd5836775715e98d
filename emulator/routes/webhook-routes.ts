import type { Hono } from 'hono';
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
import { createWebhook, deleteWebhook, findWebhook, listWebhooks, updateWebhook, type StoredWebhook } from '../domain/webhooks-repo';
import { fail, HttpError } from '../http/http-error';
import { route } from '../http/routing';
import { intParam, readJson, readQuery } from '../http/validate';
import { MAX_IN_FLIGHT, retryEventNow } from '../webhooks/delivery-worker';

const totalPages = (total: number, limit: number) => Math.ceil(total / limit);

/**
 * /api/v2/orders/webhooks...: static relative to /api/v2/orders/:orderId, so
 * this must be registered before any orders route.
 */
export function registerWebhookRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  const ownWebhook = (accountId: number, id: string | undefined): StoredWebhook => {
    const hook = findWebhook(ctx.db, accountId, intParam(id, 'WEBHOOK_NOT_FOUND'));
    if (!hook) fail('WEBHOOK_NOT_FOUND');
    return hook;
  };

  route(app, '/api/v2/orders/webhooks', {
    GET: (c) => {
      const query = readQuery(c, listWebhooksQuery);
      const { webhooks, total } = listWebhooks(ctx.db, c.get('account').id, query);
      return c.json({ data: { webhooks, pagination: { page: query.page, limit: query.limit, total, totalPages: totalPages(total, query.limit) } } });
    },
    POST: async (c) => {
      const body = await readJson(c, createWebhookWireRequest);
      const hook = createWebhook(ctx.db, c.get('account').id, body.name ?? defaultWebhookName(body.url), body.url);
      return c.json({ data: { id: hook.id, name: hook.name, secret: hook.secret } });
    },
  });

  route(app, '/api/v2/orders/webhooks/:webhookId', {
    GET: (c) => {
      const { id, name, url, secret, isActive, createdAt, updatedAt } = ownWebhook(c.get('account').id, c.req.param('webhookId'));
      const data: Webhook = { id, name, url, secret, isActive, createdAt, updatedAt };
      return c.json({ data });
    },
    PUT: async (c) => {
      const hook = ownWebhook(c.get('account').id, c.req.param('webhookId'));
      const changes = await readJson(c, updateWebhookRequest);
      const updated = updateWebhook(ctx.db, hook, changes);
      if (updated.isActive && !hook.isActive) ctx.deliveries?.kick();
      return c.json({ data: { id: updated.id, name: updated.name, url: updated.url, isActive: updated.isActive, updatedAt: updated.updatedAt } });
    },
    DELETE: (c) => {
      deleteWebhook(ctx.db, ownWebhook(c.get('account').id, c.req.param('webhookId')));
      return c.json({ data: null });
    },
  });

  route(app, '/api/v2/orders/webhooks/:webhookId/events', {
    GET: (c) => {
      const hook = ownWebhook(c.get('account').id, c.req.param('webhookId'));
      const query = readQuery(c, listEventsQuery);
      const { events, total } = listEvents(ctx.db, hook.id, query.page, query.limit);
      return c.json({
        data: {
          events,
          pagination: { page: query.page, limit: query.limit, total, totalPages: totalPages(total, query.limit) },
        },
      });
    },
  });

  // Static sibling of .../events/:eventId/retry; different depth, but registered first anyway.
  route(app, '/api/v2/orders/webhooks/:webhookId/events/retry-failed', {
    POST: async (c) => {
      const hook = ownWebhook(c.get('account').id, c.req.param('webhookId'));
      const range = await readRetryRange(c);
      const dayAfter = new Date(Date.parse(`${range.toDate}T00:00:00.000Z`) + 86_400_000).toISOString();
      const events = failedEventsCreatedBetween(ctx.db, hook.id, `${range.fromDate}T00:00:00.000Z`, dayAfter, RETRY_FAILED_MAX_EVENTS);
      let succeeded = 0;
      let failed = 0;
      await eachLimited(events, MAX_IN_FLIGHT, async (event) => {
        const result = await retryEventNow(ctx, hook, event);
        if ('outcome' in result && result.outcome.success) succeeded++;
        else failed++;
      });
      return c.json({ data: { total: events.length, succeeded, failed } });
    },
  });

  route(app, '/api/v2/orders/webhooks/:webhookId/events/:eventId/retry', {
    POST: async (c) => {
      const hook = ownWebhook(c.get('account').id, c.req.param('webhookId'));
      const event = findEvent(ctx.db, hook.id, intParam(c.req.param('eventId'), 'RESOURCE_NOT_FOUND'));
      if (!event) fail('RESOURCE_NOT_FOUND', 'No delivery event with that id for this webhook');
      if (event.status !== 'FAILED') fail('EVENT_NOT_RETRYABLE', `Only FAILED events can be retried; this one is ${event.status}`);
      const result = await retryEventNow(ctx, hook, event);
      if ('busy' in result) fail('EVENT_NOT_RETRYABLE', 'This event is being retried already');
      const data: RetryEventResponse = {
        event_id: event.eventId,
        success: result.outcome.success,
        status: result.event.status,
        ...(result.outcome.statusCode !== null ? { status_code: result.outcome.statusCode } : {}),
        ...(result.outcome.error !== null ? { error: result.outcome.error } : {}),
      };
      return c.json({ data });
    },
  });
}

/** Every retry-failed input problem, malformed dates included, is the documented 422. */
async function readRetryRange(c: Parameters<typeof readJson>[0]) {
  try {
    return await readJson(c, retryFailedRequest);
  } catch (error) {
    if (error instanceof HttpError && error.code === 'VALIDATION_FAILED') {
      throw new HttpError(422, 'VALIDATION_FAILED', error.message, error.details);
    }
    throw error;
  }
}

async function eachLimited(events: StoredEvent[], limit: number, work: (event: StoredEvent) => Promise<void>): Promise<void> {
  const queue = [...events];
  const lanes = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    for (let event = queue.shift(); event; event = queue.shift()) await work(event);
  });
  await Promise.all(lanes);
}
