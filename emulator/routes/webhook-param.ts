import type { Context } from 'hono';
import { validator } from 'hono/validator';
import type { AppEnv, EmulatorContext } from '../context';
import { findWebhook } from '../domain/webhooks-repo';
import { fail } from '../http/http-error';
import { intParam } from '../http/validate';

/**
 * :webhookId as the caller's own webhook, read as `c.req.valid('param').webhook`. An id that is not a positive
 * integer, names no webhook or another account's is 404 WEBHOOK_NOT_FOUND. A param validator, listed first on a
 * route, so it decides before any body or query is read: an unknown webhook is not found whatever the request holds.
 */
export function ownWebhookParam(ctx: EmulatorContext) {
  return validator('param', (params, c: Context<AppEnv>) => {
    const webhook = findWebhook(ctx.db, c.get('account').id, intParam(params.webhookId, 'WEBHOOK_NOT_FOUND'));
    if (!webhook) fail('WEBHOOK_NOT_FOUND');
    return { webhook };
  });
}
