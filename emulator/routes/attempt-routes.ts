import { Hono } from 'hono';
import type { DeliveryAttemptsResponse } from '../../src/api/schemas/emulator';
import type { AppEnv, EmulatorContext } from '../context';
import { findEvent, listAttempts } from '../domain/delivery-events-repo';
import { fail } from '../http/http-error';
import { methodNotAllowed } from '../http/method-not-allowed';
import { intParam } from '../http/validate';
import { deliveryRequest } from '../webhooks/attempt';
import { ownWebhookParam } from './webhook-param';

/** /_emulator/webhooks/…/attempts of one event: the delivery log the service does not offer, for the owner only. */
export function attemptRoutes(ctx: EmulatorContext) {
  return new Hono<AppEnv>()
    .get('/:webhookId/events/:eventId/attempts', ownWebhookParam(ctx), (c) => {
      const { webhook: hook } = c.req.valid('param');
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
    })
    .all(methodNotAllowed('GET'));
}
