import fs from 'node:fs';
import http2 from 'node:http2';
import path from 'node:path';
import type { AddressInfo, Server as NetServer } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { proxy } from 'hono/proxy';
import { accessLog, CLIENT_CLOSED } from './access-log';
import { forwardHeaders } from './forward-headers';
import { trackForDrain } from './graceful-close';
import { apiHealthProbe, healthzHandler } from './healthz';
import { requestOrigin } from './request-origin';
import { staticFiles } from './static-files';
import { securityHeaders } from './security-headers';
import { createUploadRelay, RELAY_PATH, type UploadRelayMode } from './upload-relay';

export interface DashboardServerOptions {
  distDir: string;
  /** The service (or emulator) base URL; /api is proxied there from our own origin. */
  apiTarget: string;
  /**
   * Also proxy the emulator's own paths: /_emulator, and /storage (its presigned storage), so that an emulator whose
   * EMULATOR_PUBLIC_URL is this server hands out storage URLs on the dashboard's own origin. Served over HTTPS, the
   * dashboard then loads no image over plain HTTP (mixed content).
   */
  proxyEmulatorNamespace: boolean;
  /** Origins presigned storage URLs point at (for the CSP). */
  storageOrigins: string[];
  host: string;
  port: number;
  /**
   * A certificate and key (PEM): the dashboard is then served over HTTPS with HTTP/2, HTTP/1.1 still accepted.
   * Browsers speak HTTP/2 only over TLS, and on a phone's slow line it matters: one connection carries every file
   * at once, where HTTP/1.1 has six, each a round trip per file (docs/decisions/bundle.md).
   */
  tls?: TlsFiles;
  /** TRUST_PROXY: how many reverse proxies in front whose X-Forwarded-For/-Proto/-Host count (0: none, the default). */
  trustProxy?: number;
  /** Where the access log's lines go (ACCESS_LOG; docs/deploying.md); none when absent. */
  accessLog?: (line: string) => void;
  /** How long /healthz waits for the service (ms). */
  healthTimeoutMs?: number;
  /** UPLOAD_RELAY: the storage relay for origins that refuse this one (server/upload-relay.ts); default auto. */
  uploadRelay?: UploadRelayMode;
}

export interface RunningDashboard {
  url: string;
  /** Stops accepting connections, lets requests in flight finish (up to `graceMs`, 10 s by default), then closes. */
  close: (graceMs?: number) => Promise<void>;
}

export interface TlsFiles {
  key: string | Buffer;
  cert: string | Buffer;
}

/**
 * Serves the built dashboard and proxies /api from the same origin, so the
 * browser can read the accessToken header and no CORS set-up is needed.
 */
export async function startDashboardServer(options: DashboardServerOptions): Promise<RunningDashboard> {
  const relay = createUploadRelay({ mode: options.uploadRelay ?? 'auto', storageOrigins: options.storageOrigins });
  const indexHtml = relay.annotateIndexHtml(fs.readFileSync(path.join(options.distDir, 'index.html'), 'utf8'));
  const headers = securityHeaders(options.storageOrigins);
  const target = options.apiTarget.replace(/\/$/, '');
  const app = new Hono();
  const trustProxy = options.trustProxy ?? 0;
  const originOf = (c: Context) => requestOrigin(c, trustProxy, Boolean(options.tls));
  // Known once the server listens (trackForDrain below).
  const stopping = { now: () => false };

  if (options.accessLog) app.use('*', accessLog(options.accessLog, (c) => originOf(c).clientAddress));
  // While stopping, HTTP/1.1 clients are told to take their next request elsewhere (HTTP/2 gets a GOAWAY instead,
  // and forbids the header).
  app.use('*', async (c, next) => {
    await next();
    if (stopping.now() && (c.env as { incoming?: { httpVersionMajor?: number } }).incoming?.httpVersionMajor === 1) c.res.headers.set('Connection', 'close');
  });

  // First, so every answer carries them: the proxied /api and /_emulator ones too (they once had none).
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });

  const forward = async (c: Context) => {
    const url = new URL(c.req.url);
    const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : c.req.raw.body;
    const origin = originOf(c);
    try {
      const answer = await proxy(`${target}${url.pathname}${url.search}`, {
        method: c.req.method,
        headers: forwardHeaders(c.req.raw.headers, origin.host, origin),
        body,
        ...(body ? { duplex: 'half' } : {}),
        signal: c.req.raw.signal,
      } as RequestInit);
      return await relay.learnFrom(c.req.method, url.pathname, answer);
    } catch (error) {
      // The browser gave up (a cancelled upload, a closed tab): nobody is left to answer and the service is fine.
      if (c.req.raw.signal.aborted) return new Response(null, { status: CLIENT_CLOSED });
      // The service is down or unreachable: a gateway error with a code the dashboard reads, not a bare 500.
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message ?? String(error);
      console.error(`dashboard server: ${c.req.method} ${url.pathname} could not reach ${target}: ${cause}`);
      return c.json({ code: 'BAD_GATEWAY', message: 'The dashboard server could not reach the service' }, 502);
    }
  };
  app.get('/healthz', healthzHandler(apiHealthProbe(target, options.healthTimeoutMs), () => stopping.now()));
  app.all('/api/*', forward);
  app.on(['GET', 'HEAD', 'PUT'], RELAY_PATH, (c) => relay.handle(c));
  if (options.proxyEmulatorNamespace) {
    app.all('/_emulator/*', forward);
    app.all('/storage/*', forward);
  } else {
    // A real service has no emulator namespace: say so, rather than serving the app's HTML with a 200.
    app.all('/_emulator/*', (c) => c.json({ code: 'RESOURCE_NOT_FOUND', message: 'Not the emulator' }, 404));
  }

  app.use('*', compress());
  app.use(
    '/assets/*',
    staticFiles({
      root: options.distDir,
      // The build writes .br and .gz beside each asset (vite.config.ts): sent as they are, not compressed per request.
      onFound: (c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  // A missing asset is missing: answering index.html with a 200 would be run (or parsed) as the wrong thing.
  app.all('/assets/*', (c) => c.text('Not found', 404));
  app.use('*', staticFiles({ root: options.distDir }));
  // Client-side routes: every other GET is the app.
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });

  const server: ServerType = await new Promise((resolve, reject) => {
    const listen = { fetch: app.fetch, port: options.port, hostname: options.host };
    const s = options.tls
      ? serve({ ...listen, createServer: http2.createSecureServer, serverOptions: { key: options.tls.key, cert: options.tls.cert, allowHTTP1: true } }, () => resolve(s))
      : serve(listen, () => resolve(s));
    s.once('error', reject);
  });
  const drain = trackForDrain(server as unknown as NetServer);
  stopping.now = drain.draining;
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${options.tls ? 'https' : 'http'}://${options.host}:${port}`,
    close: async (graceMs) => {
      const { cutOff } = await drain.close(graceMs);
      if (cutOff > 0) console.error(`dashboard server: stopped with ${cutOff} request(s) still unfinished after the grace period`);
    },
  };
}
