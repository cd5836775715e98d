import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { testEventsRequest } from '../../src/api/schemas/emulator';
import type { OrderType } from '../../src/api/schemas/orders';
import type { AppEnv, EmulatorContext } from '../context';
import { insertFinishedEvent } from '../domain/delivery-events-repo';
import { fail } from '../http/http-error';
import { methodNotAllowed } from '../http/method-not-allowed';
import { jsonBody } from '../http/validate';
import { buildPayload } from '../webhooks/payload';
import { ownWebhookParam } from './webhook-param';

/**
 * /_emulator/webhooks/:webhookId/test-events. Test-only, and only with EMULATOR_TEST_ROUTES=1 (the e2e and
 * unit-test emulators set it; the app mounts these routes only then): finished deliveries of
 * one of the caller's webhooks at given past times, in one transaction. A real delivery takes a finished order (and
 * a failure ~7 s of retries) and is stamped "now"; tests need several pages of events, and failures spread over
 * weeks for retry-failed's 7-day windows. The bodies are the service's payload for a made-up order (`ord_…` that
 * names no order). Made in the order of their times, so ids (the listing's order) follow creation as real ones do;
 * afterwards they are ordinary rows: listed, counted and retried like any other, never sent on their own.
 */
export function testEventRoutes(ctx: EmulatorContext) {
  return new Hono<AppEnv>()
    .post('/:webhookId/test-events', ownWebhookParam(ctx), jsonBody(testEventsRequest), (c) => {
      const account = c.get('account');
      const { webhook: hook } = c.req.valid('param');
      const body = c.req.valid('json');
      const times = body.createdAt.map((value) => new Date(value)).sort((a, b) => a.getTime() - b.getTime());
      if (times.at(-1)!.getTime() > Date.now()) {
        fail('VALIDATION_FAILED', 'createdAt must not be in the future', [{ path: 'createdAt', message: 'is in the future' }]);
      }
      const [, type, outcome] = body.eventType.split('.') as [string, OrderType, 'completed' | 'failed'];
      const events = ctx.db.transaction(() =>
        times.map((at) => {
          const { eventType, payload } = buildPayload({
            accountId: account.id,
            orderId: `ord_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
            orderName: `Test delivery ${at.toISOString()}`,
            type,
            status: outcome === 'failed' ? 'failed' : type === 'watermarkExtract' ? 'undetected' : 'complete',
            createdAt: new Date(at.getTime() - 60_000).toISOString(),
            finishedAt: at.toISOString(),
            fileCount: 1,
            downloadUrl: '',
          });
          const event = insertFinishedEvent(ctx.db, {
            webhookId: hook.id,
            eventType,
            body: JSON.stringify(payload),
            createdAt: at,
            status: body.status,
            retries: ctx.config.webhookRetryDelaysMs.length,
          });
          return { id: event.id, eventId: event.eventId, createdAt: event.createdAt };
        }),
      )();
      return c.json({ data: { events } });
    })
    .all(methodNotAllowed('POST'));
}
