import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv, EmulatorContext } from './context';
import { authenticate } from './http/authenticate';
import { bodyLimit } from './http/body-limit';
import { httpErrorOf } from './http/http-error';
import { rateLimit } from './http/rate-limit';
import { createProcessor } from './jobs/processor-factory';
import { startOrderWorkers } from './jobs/order-workers';
import { attemptRoutes } from './routes/attempt-routes';
import { authRoutes } from './routes/auth-routes';
import { emulatorRoutes } from './routes/emulator-routes';
import { eventOrdersRoutes } from './routes/event-orders-routes';
import { healthRoutes } from './routes/health-routes';
import { orderRoutes } from './routes/order-routes';
import { receiverRoutes } from './routes/receiver-routes';
import { statsRoutes } from './routes/stats-routes';
import { storageOnApiOrigin, storageRoutes } from './routes/storage-routes';
import { testEventRoutes } from './routes/test-event-routes';
import { webhookRoutes } from './routes/webhook-routes';
import { storageFaultOf } from './storage/storage-errors';
import { startWebhookDeliveries } from './webhooks/delivery-worker';

/** Where the service's API lives: its sub-apps know only their own paths below it. */
export const API_BASE = '/api/v2';

/**
 * The service's API: one sub-app per resource, mounted in a fixed order. Hono runs every handler and middleware that
 * matches a request in the order they were mounted, so signing in comes before the sign-in guard, and the static
 * /orders/... resources (stats, webhooks) before /orders, whose /:orderId would otherwise take their paths.
 */
function apiRoutes(ctx: EmulatorContext) {
  return new Hono<AppEnv>()
    .basePath(API_BASE)
    .route('/auth', authRoutes(ctx))
    .use('*', authenticate(ctx), rateLimit(ctx.config.rateLimits))
    .route('/orders/stats', statsRoutes(ctx))
    .route('/orders/webhooks', webhookRoutes(ctx))
    .route('/orders', orderRoutes(ctx, API_BASE));
}

/**
 * The emulator's own namespace (/_emulator): no rate limit. Its info and account creation need no sign-in, nor does
 * a test receiver receiving; configuring and reading receivers, and every webhook tool, are the signed-in owner's.
 */
function emulatorApp(ctx: EmulatorContext) {
  const webhookTools = new Hono<AppEnv>().use('*', authenticate(ctx)).route('/', attemptRoutes(ctx));
  if (ctx.config.testRoutes) webhookTools.route('/', testEventRoutes(ctx));
  webhookTools.route('/', healthRoutes(ctx)).route('/', eventOrdersRoutes(ctx));

  return new Hono<AppEnv>()
    .route('/', emulatorRoutes(ctx))
    .route('/receivers', receiverRoutes(ctx))
    .route('/webhooks', webhookTools);
}

/**
 * The emulator's HTTP app: CORS and the body limit for everything, then the sub-apps. A sub-app is copied in when it
 * is mounted, so each is complete before its route() call (docs/decisions/emulator-http.md).
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

  app.route('/_emulator', emulatorApp(ctx));
  app.route('/', apiRoutes(ctx));
  // Presigned storage URLs carry their own signature, not a Bearer token: outside the API and its guard.
  if (storageOnApiOrigin(ctx)) app.route('/storage', storageRoutes(ctx));

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
