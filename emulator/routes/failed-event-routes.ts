import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { failedEventsRequest } from '../../src/api/schemas/emulator';
import type { AppEnv, EmulatorContext } from '../context';
import { insertFailedEvent } from '../domain/delivery-events-repo';
import { findWebhook } from '../domain/webhooks-repo';
import { authenticate } from '../http/authenticate';
import { fail } from '../http/http-error';
import { route } from '../http/routing';
import { intParam, readJson } from '../http/validate';
import { buildPayload } from '../webhooks/payload';

/**
 * Test-only: FAILED deliveries of one webhook at given past times. A real failure takes a finished order and ~7 s of
 * retries and is stamped "now"; re-sending failures over weeks (retry-failed's 7-day windows) needs them spread over
 * weeks. Owner only; the events are ordinary rows afterwards (listed, counted, retried like any other). Made in the
 * order of their times, so ids (the listing's order) follow creation as they do for real events.
 */
export function registerFailedEventRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  const path = '/_emulator/webhooks/:webhookId/failed-events';
  app.use(path, authenticate(ctx));
  route(app, path, {
    POST: async (c) => {
      const account = c.get('account');
      const hook = findWebhook(ctx.db, account.id, intParam(c.req.param('webhookId'), 'WEBHOOK_NOT_FOUND'));
      if (!hook) fail('WEBHOOK_NOT_FOUND');
      const body = await readJson(c, failedEventsRequest);
      const times = body.createdAt.map((value) => new Date(value)).sort((a, b) => a.getTime() - b.getTime());
      if (times.at(-1)!.getTime() > Date.now()) {
        fail('VALIDATION_FAILED', 'createdAt must not be in the future', [{ path: 'createdAt', message: 'is in the future' }]);
      }
      const retries = ctx.config.webhookRetryDelaysMs.length;
      const events = ctx.db.transaction(() =>
        times.map((at) => {
          const { eventType, payload } = buildPayload({
            accountId: account.id,
            orderId: `ord_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
            orderName: `Failed delivery test ${at.toISOString()}`,
            type: 'antiAi',
            status: 'complete',
            createdAt: new Date(at.getTime() - 60_000).toISOString(),
            finishedAt: at.toISOString(),
            fileCount: 1,
            downloadUrl: '',
          });
          const event = insertFailedEvent(ctx.db, hook.id, eventType, JSON.stringify(payload), at, retries);
          return { id: event.id, eventId: event.eventId, createdAt: event.createdAt };
        }),
      )();
      return c.json({ data: { events } });
    },
  });
}
