import { Hono } from 'hono';
import { webhookAttemptsQuery, type WebhookAttemptsResponse } from '../../src/api/schemas/webhook-health';
import type { AppEnv, EmulatorContext } from '../context';
import { recentAttemptsOfWebhook } from '../domain/webhook-attempts-repo';
import { methodNotAllowed } from '../http/method-not-allowed';
import { query } from '../http/validate';
import { ownWebhookParam } from './webhook-param';

/**
 * /_emulator/webhooks/:webhookId/attempts: a webhook's recent attempts in one call, so the dashboard's health figures
 * (latency percentiles) need not fetch the attempts of every event. Owner only: another account's webhook is not found.
 */
export function healthRoutes(ctx: EmulatorContext) {
  return new Hono<AppEnv>()
    .get('/:webhookId/attempts', ownWebhookParam(ctx), query(webhookAttemptsQuery), (c) => {
      const { webhook } = c.req.valid('param');
      const { limit } = c.req.valid('query');
      const data: WebhookAttemptsResponse = { attempts: recentAttemptsOfWebhook(ctx.db, webhook.id, limit), limit };
      return c.json({ data });
    })
    .all(methodNotAllowed('GET'));
}
