import type { Hono } from 'hono';
import { webhookAttemptsQuery, type WebhookAttemptsResponse } from '../../src/api/schemas/webhook-health';
import type { AppEnv, EmulatorContext } from '../context';
import { recentAttemptsOfWebhook } from '../domain/webhook-attempts-repo';
import { findWebhook } from '../domain/webhooks-repo';
import { authenticate } from '../http/authenticate';
import { fail } from '../http/http-error';
import { route } from '../http/routing';
import { intParam, readQuery } from '../http/validate';

/**
 * A webhook's recent attempts in one call, so the dashboard's health figures (latency percentiles)
 * need not fetch the attempts of every event. Owner only: another account's webhook is not found.
 */
export function registerHealthRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  const path = '/_emulator/webhooks/:webhookId/attempts';
  // Its own guard, so it does not depend on another module registering /_emulator/webhooks/* first.
  app.use(path, authenticate(ctx));
  route(app, path, {
    GET: (c) => {
      const hook = findWebhook(ctx.db, c.get('account').id, intParam(c.req.param('webhookId'), 'WEBHOOK_NOT_FOUND'));
      if (!hook) fail('WEBHOOK_NOT_FOUND');
      const { limit } = readQuery(c, webhookAttemptsQuery);
      const data: WebhookAttemptsResponse = { attempts: recentAttemptsOfWebhook(ctx.db, hook.id, limit), limit };
      return c.json({ data });
    },
  });
}
