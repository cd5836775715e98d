import type { Handler, Hono } from 'hono';
import type { AppEnv } from '../context';
import { HttpError } from './http-error';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Registers the handlers of one path and answers every other method with
 * 405 and an Allow header. Static paths must be registered before
 * parameterised siblings (/orders/webhooks before /orders/:orderId).
 */
export function route(app: Hono<AppEnv>, path: string, handlers: Partial<Record<Method, Handler<AppEnv>>>): void {
  const allowed = Object.keys(handlers) as Method[];
  for (const method of allowed) app.on(method, path, handlers[method]!);
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  app.all(path, (c) => {
    throw new HttpError(405, 'METHOD_NOT_ALLOWED', `${c.req.method} is not allowed here; use ${allowed.join(' or ')}`, undefined, { Allow: allow });
  });
}
