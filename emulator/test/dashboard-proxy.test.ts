import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDashboardServer } from '../../server/dashboard-server';
import { selfSignedCertificate } from '../../scripts/stack/certificate';
import { DEMO_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';

// The dashboard server in front of a real emulator (server/dashboard-server.ts).
let emu: TestEmulator;
let dashboard: { url: string; close: () => Promise<void> };
let distDir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'assets', 'app.js'), 'console.log(1)');
  // As the build writes them beside each asset (vite.config.ts).
  const big = 'export const words = ' + JSON.stringify(Array.from({ length: 2000 }, (_, i) => `message ${i}`)) + ';';
  fs.writeFileSync(path.join(distDir, 'assets', 'big.js'), big);
  fs.writeFileSync(path.join(distDir, 'assets', 'big.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(distDir, 'assets', 'big.js.gz'), zlib.gzipSync(big, { level: 9 }));
  dashboard = await startDashboardServer({ distDir, apiTarget: emu.url, proxyEmulatorNamespace: true, storageOrigins: [emu.url], host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await dashboard.close();
  await emu.close();
});

/** A raw HTTP/1.1 request, so hop-by-hop headers go out exactly as curl sends them. */
function raw(base: string, method: string, pathName: string, headers: Record<string, string | number>, body?: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = http.request({ host: url.hostname, port: url.port, path: pathName, method, headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    if (body && headers.Expect) req.on('continue', () => req.end(body));
    else req.end(body);
  });
}

const SECURITY = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];

describe('dashboard server', () => {
  it('puts the security headers on proxied /api and /_emulator answers too', async () => {
    for (const pathName of ['/_emulator/info', '/api/v2/orders', '/']) {
      const res = await fetch(dashboard.url + pathName);
      for (const name of SECURITY) expect([pathName, name, res.headers.get(name)]).not.toEqual([pathName, name, null]);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('drops hop-by-hop headers instead of failing: an h2c upgrade request (curl --http2) is answered', async () => {
    const res = await raw(dashboard.url, 'GET', '/_emulator/info', {
      Connection: 'Upgrade, HTTP2-Settings, X-Hop',
      Upgrade: 'h2c',
      'HTTP2-Settings': 'AAMAAABkAARAAAAAAAIAAAAA',
      'Keep-Alive': 'timeout=5',
      TE: 'trailers',
      'Proxy-Authorization': 'Basic eDp5',
      'X-Hop': '1',
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).data.emulator).toBe(true);
  });

  it('passes a 1.2 MB login with Expect: 100-continue on, so the emulator answers 413', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_200_000) }));
    const res = await raw(dashboard.url, 'POST', '/api/v2/auth/login', { 'Content-Type': 'application/json', 'Content-Length': body.length, Expect: '100-continue' }, body);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('still proxies a normal sign-in with its accessToken header', async () => {
    const res = await fetch(`${dashboard.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Connection: 'keep-alive' },
      body: JSON.stringify(DEMO_ACCOUNT),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('accesstoken')).toBeTruthy();
  });

  it('answers 404 for a missing asset, and serves present ones', async () => {
    expect((await fetch(`${dashboard.url}/assets/missing-abc123.js`)).status).toBe(404);
    const present = await fetch(`${dashboard.url}/assets/app.js`);
    expect([present.status, await present.text()]).toEqual([200, 'console.log(1)']);
    expect((await fetch(`${dashboard.url}/orders/some-client-route`)).status).toBe(200);
  });

  it('sends the build\'s Brotli or gzip file, whichever the browser accepts, and the plain one otherwise', async () => {
    const get = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${dashboard.url}/assets/big.js`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (d: Buffer) => chunks.push(d));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const plain = fs.readFileSync(path.join(distDir, 'assets', 'big.js'));
    const br = await get('gzip, deflate, br, zstd');
    expect([br.headers['content-encoding'], br.headers['content-type'], br.headers['cache-control']]).toEqual(['br', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable']);
    expect(br.body.length).toBe(fs.statSync(path.join(distDir, 'assets', 'big.js.br')).size);
    expect(zlib.brotliDecompressSync(br.body).equals(plain)).toBe(true);
    const gz = await get('gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(plain)).toBe(true);
    const identity = await get('identity');
    expect([identity.headers['content-encoding'], identity.body.equals(plain)]).toEqual([undefined, true]);
  });

  it('answers 502 with a code when the service cannot be reached', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const down = await startDashboardServer({ distDir, apiTarget: `http://127.0.0.1:${closedPort}`, proxyEmulatorNamespace: true, storageOrigins: [], host: '127.0.0.1', port: 0 });
    const errors = console.error;
    console.error = () => undefined;
    try {
      const res = await fetch(`${down.url}/api/v2/orders`);
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect((await res.json()).code).toBe('BAD_GATEWAY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      console.error = errors;
      await down.close();
    }
  });

  it("proxies the emulator's storage, so its URLs can live on the dashboard's origin (EMULATOR_PUBLIC_URL)", async () => {
    const res = await fetch(`${dashboard.url}/storage/thumbnails/ord_missing.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20260101T000000Z&X-Amz-Expires=1&X-Amz-SignedHeaders=host&X-Amz-Signature=${'0'.repeat(64)}`);
    // The emulator's answer (a bad signature), not the app's HTML.
    expect(res.headers.get('content-type')).toContain('application/json');
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([403, expect.stringMatching(/SIGNATURE|INVALID|FORBIDDEN/)]);
  });

  it('speaks HTTP/2 over TLS when given a certificate, and still HTTP/1.1 over TLS', async () => {
    const secure = await startDashboardServer({ distDir, apiTarget: emu.url, proxyEmulatorNamespace: true, storageOrigins: [emu.url], host: '127.0.0.1', port: 0, tls: selfSignedCertificate() });
    const session = http2.connect(secure.url, { rejectUnauthorized: false });
    const get = (pathName: string, headers: Record<string, string> = {}) =>
      new Promise<{ headers: http2.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = session.request({ ':path': pathName, ...headers });
        const chunks: Buffer[] = [];
        let answer: http2.IncomingHttpHeaders = {};
        req.on('response', (h) => (answer = h));
        req.on('data', (d: Buffer) => chunks.push(d));
        req.on('end', () => resolve({ headers: answer, body: Buffer.concat(chunks) }));
        req.on('error', reject);
        req.end();
      });
    try {
      expect(secure.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      // Three answers on one connection: the page, a precompressed asset, and the proxied API with its error code.
      const [page, asset, api] = await Promise.all([get('/orders'), get('/assets/big.js', { 'accept-encoding': 'br' }), get('/api/v2/orders')]);
      expect([page.headers[':status'], page.body.toString()]).toEqual([200, '<!doctype html><title>app</title>']);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect([asset.headers[':status'], asset.headers['content-encoding']]).toEqual([200, 'br']);
      expect(zlib.brotliDecompressSync(asset.body).toString()).toBe(fs.readFileSync(path.join(distDir, 'assets', 'big.js'), 'utf8'));
      expect(api.headers[':status']).toBe(401);
      expect(JSON.parse(api.body.toString())).toMatchObject({ code: expect.stringMatching(/^AUTH_/) });

      const overHttp1 = await new Promise<{ status: number; version: string }>((resolve, reject) => {
        https.get(`${secure.url}/assets/app.js`, { rejectUnauthorized: false }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, version: res.httpVersion }));
        }).on('error', reject);
      });
      expect(overHttp1).toEqual({ status: 200, version: '1.1' });
    } finally {
      session.close();
      await secure.close();
    }
  });
});
