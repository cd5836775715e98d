import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { z } from 'zod';
import { EVENT_TYPES } from '../../src/api/schemas/webhooks';
import type { AppEnv, EmulatorContext } from '../context';
import { findWebhook } from '../domain/webhooks-repo';
import { fail } from '../http/http-error';
import { route } from '../http/routing';
import { intParam, readJson } from '../http/validate';

/**
 * Test-only, and only with EMULATOR_TEST_ROUTES=1 (the e2e stack sets it): inserts finished delivery events for one
 * of the caller's webhooks in one transaction, so a test can have hundreds of events (several pages of the listing)
 * in milliseconds instead of finishing hundreds of real orders. The events are SENT or FAILED with no due time, so
 * nothing is ever sent for them; their bodies carry a made-up order id (`seed-…`) that names no order.
 */
const seedRequest = z.object({
  count: z.number().int().min(1).max(1000),
  status: z.enum(['SENT', 'FAILED']).default('SENT'),
  eventType: z.enum(EVENT_TYPES).default('order.antiAi.completed'),
  /** createdAt of the first inserted event; each next one is 1 ms later (default: now). */
  createdAt: z.iso.datetime({ offset: true }).optional(),
});

export function registerTestEventRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  if (!ctx.config.testRoutes) return;
  // Behind the Bearer check registered for /_emulator/webhooks/* by the attempt routes.
  route(app, '/_emulator/webhooks/:webhookId/test-events', {
    POST: async (c) => {
      const hook = findWebhook(ctx.db, c.get('account').id, intParam(c.req.param('webhookId'), 'WEBHOOK_NOT_FOUND'));
      if (!hook) fail('WEBHOOK_NOT_FOUND');
      const body = await readJson(c, seedRequest);
      const start = body.createdAt ? Date.parse(body.createdAt) : Date.now();
      const insert = ctx.db.prepare(
        `INSERT INTO webhook_events (webhook_id, event_id, event_type, body, status, retries, next_attempt_at, last_sent_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
      );
      const eventIds: string[] = [];
      ctx.db.transaction(() => {
        for (let i = 0; i < body.count; i++) {
          const at = new Date(start + i).toISOString();
          const eventId = randomUUID();
          const payload = { eventType: body.eventType, occurredAt: at, data: { orderId: `seed-${eventId}`, orderName: 'seeded', createdAt: at } };
          insert.run(hook.id, eventId, body.eventType, JSON.stringify(payload), body.status, body.status === 'FAILED' ? 3 : 0, at, at);
          eventIds.push(eventId);
        }
      })();
      return c.json({ data: { eventIds } });
    },
  });
}
