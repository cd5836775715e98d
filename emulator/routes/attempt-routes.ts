import type { Hono } from 'hono';
import type { DeliveryAttemptsResponse } from '../../src/api/schemas/emulator';
import type { AppEnv, EmulatorContext } from '../context';
import { findEvent, listAttempts } from '../domain/delivery-events-repo';
import { findWebhook } from '../domain/webhooks-repo';
import { authenticate } from '../http/authenticate';
import { fail } from '../http/http-error';
import { route } from '../http/routing';
import { intParam } from '../http/validate';
import { deliveryRequest } from '../webhooks/attempt';

/** The delivery log the service does not offer: every attempt of one event, for the owner only. */
export function registerAttemptRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  app.use('/_emulator/webhooks/*', authenticate(ctx));
  route(app, '/_emulator/webhooks/:webhookId/events/:eventId/attempts', {
    GET: (c) => {
      const hook = findWebhook(ctx.db, c.get('account').id, intParam(c.req.param('webhookId'), 'WEBHOOK_NOT_FOUND'));
      if (!hook) fail('WEBHOOK_NOT_FOUND');
      const event = findEvent(ctx.db, hook.id, intParam(c.req.param('eventId'), 'RESOURCE_NOT_FOUND'));
      if (!event) fail('RESOURCE_NOT_FOUND', 'No delivery event with that id for this webhook');
      const data: DeliveryAttemptsResponse = {
        attempts: listAttempts(ctx.db, event.id),
        request: deliveryRequest(hook.url, hook.secret, event.eventId, event.body),
        status: event.status,
        retries: event.retries,
        nextAttemptAt: event.nextAttemptAt === null ? null : new Date(event.nextAttemptAt).toISOString(),
      };
      return c.json({ data });
    },
  });
}
