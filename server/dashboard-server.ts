import fs from 'node:fs';
import http2 from 'node:http2';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { proxy } from 'hono/proxy';
import { forwardHeaders } from './forward-headers';
import { securityHeaders } from './security-headers';

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
}

export interface TlsFiles {
  key: string | Buffer;
  cert: string | Buffer;
}

/**
 * Serves the built dashboard and proxies /api from the same origin, so the
 * browser can read the accessToken header and no CORS set-up is needed.
 */
export async function startDashboardServer(options: DashboardServerOptions): Promise<{ url: string; close: () => Promise<void> }> {
  const indexHtml = fs.readFileSync(path.join(options.distDir, 'index.html'), 'utf8');
  const headers = securityHeaders(options.storageOrigins);
  const target = options.apiTarget.replace(/\/$/, '');
  const app = new Hono();

  // First, so every answer carries them: the proxied /api and /_emulator ones too (they once had none).
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });

  const forward = async (c: Context) => {
    const url = new URL(c.req.url);
    const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : c.req.raw.body;
    try {
      return await proxy(`${target}${url.pathname}${url.search}`, {
        method: c.req.method,
        headers: forwardHeaders(c.req.raw.headers, c.req.header('host')),
        body,
        ...(body ? { duplex: 'half' } : {}),
        signal: c.req.raw.signal,
      } as RequestInit);
    } catch (error) {
      // The service is down or unreachable: a gateway error with a code the dashboard reads, not a bare 500.
      console.error(`dashboard server: ${c.req.method} ${url.pathname} could not reach ${target}:`, (error as Error).message);
      return c.json({ code: 'BAD_GATEWAY', message: 'The dashboard server could not reach the service' }, 502);
    }
  };
  app.all('/api/*', forward);
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
    serveStatic({
      root: path.relative(process.cwd(), options.distDir),
      // The build writes .br and .gz beside each asset (vite.config.ts): sent as they are, not compressed per request.
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  // A missing asset is missing: answering index.html with a 200 would be run (or parsed) as the wrong thing.
  app.all('/assets/*', (c) => c.text('Not found', 404));
  app.use('*', serveStatic({ root: path.relative(process.cwd(), options.distDir), precompressed: true }));
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
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${options.tls ? 'https' : 'http'}://${options.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
