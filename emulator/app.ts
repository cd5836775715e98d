import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv, EmulatorContext } from './context';
import { authenticate } from './http/authenticate';
import { bodyLimit } from './http/body-limit';
import { httpErrorOf } from './http/http-error';
import { rateLimit } from './http/rate-limit';
import { storageFaultOf } from './storage/storage-errors';
import { registerAuthRoutes } from './routes/auth-routes';
import { registerEmulatorRoutes } from './routes/emulator-routes';
import { createProcessor } from './jobs/processor-factory';
import { startOrderWorkers } from './jobs/order-workers';
import { registerOrderDetailRoutes, registerOrderRoutes } from './routes/order-routes';
import { registerStorageRoutes } from './routes/storage-routes';
import { registerStatsRoutes } from './routes/stats-routes';
import { registerAttemptRoutes } from './routes/attempt-routes';
import { registerTestEventRoutes } from './routes/test-event-routes';
import { registerEventOrdersRoutes } from './routes/event-orders-routes';
import { registerHealthRoutes } from './routes/health-routes';
import { registerReceiverRoutes } from './routes/receiver-routes';
import { registerWebhookRoutes } from './routes/webhook-routes';
import { startWebhookDeliveries } from './webhooks/delivery-worker';

/**
 * The emulator's HTTP app. Route modules register in a fixed order: static
 * paths (stats, webhooks, order creation) before /orders/:orderId, whose
 * parameter would otherwise swallow them.
 */
export function createApp(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'Accept'],
      exposeHeaders: ['accessToken', 'Deprecation', 'Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining'],
      maxAge: 600,
    }),
  );
  // Before every route (and sign-in): a declared body over the limit is refused before anything reads it.
  app.use('*', bodyLimit());

  if (ctx.config.logRequests) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      // Path only: query strings of storage URLs carry signatures, and nothing here may log a credential.
      console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`);
    });
  }

  registerEmulatorRoutes(app, ctx);
  // Webhook test receivers and delivery attempts (/_emulator/...): their own auth, no rate limit.
  registerReceiverRoutes(app, ctx);
  registerAttemptRoutes(app, ctx);
  registerTestEventRoutes(app, ctx);
  registerHealthRoutes(app, ctx);
  registerEventOrdersRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  // Presigned storage URLs carry their own signature, not a Bearer token (register storage routes here).
  registerStorageRoutes(app, ctx);

  app.use('/api/v2/*', authenticate(ctx));
  app.use('/api/v2/*', rateLimit(ctx.config.rateLimits));

  // Static /api/v2/orders/... paths first, then /api/v2/orders/:orderId routes (see route()).
  registerStatsRoutes(app, ctx);
  registerWebhookRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  registerOrderDetailRoutes(app, ctx);

  app.notFound((c) => c.json({ code: 'RESOURCE_NOT_FOUND', message: `No route ${c.req.method} ${c.req.path}` }, 404));

  app.onError((error, c) => {
    const refusal = httpErrorOf(error);
    if (refusal) {
      for (const [name, value] of Object.entries(refusal.headers ?? {})) c.header(name, value);
      return c.json(
        { code: refusal.code, message: refusal.message, ...(refusal.details ? { details: refusal.details } : {}) },
        refusal.status as 400,
      );
    }
    const fault = storageFaultOf(error);
    if (fault) {
      // The disk, not the request: a 5xx with a code, which clients (and the upload engine) retry.
      console.error(`emulator: storage ${fault} during ${c.req.method} ${c.req.path}:`, (error as Error).message);
      c.header('Retry-After', '5');
      return fault === 'full'
        ? c.json({ code: 'STORAGE_FULL', message: 'The emulator has no room to store this now; try again shortly' }, 507)
        : c.json({ code: 'STORAGE_UNAVAILABLE', message: 'The emulator could not store this now; try again shortly' }, 503);
    }
    console.error('emulator: unexpected error', error);
    return c.json({ code: 'SERVER_INTERNAL_ERROR', message: 'Unexpected error in the emulator' }, 500);
  });

  return app;
}

/** Background work (job queue, webhook deliveries) that resumes after a restart. */
export function startWorkers(ctx: EmulatorContext): void {
  startWebhookDeliveries(ctx);
  startOrderWorkers(ctx, createProcessor(ctx.config));
}
