import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDashboardServer } from '../../server/dashboard-server';
import { createUploadRelay } from '../../server/upload-relay';
import { MAX_FILE_BYTES } from '../../src/api/limits';
import { jsonRequester, startTestEmulator, type TestEmulator } from './harness';
import { fixture, newKey } from './orders-helpers';

// The storage relay (server/upload-relay.ts) in the dashboard server, in front of a real emulator and a fake storage.
type Dashboard = { url: string; close: () => Promise<void> };
let emu: TestEmulator;
let distDir: string;
/** Knows no storage origin: only what the service issues through it. */
let learning: Dashboard;
/** STORAGE_ORIGINS lists the fake storage. */
let configured: Dashboard;
let off: Dashboard;

/** A storage that records what reached it and answers as told. */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bytes: number;
}
const seen: Seen[] = [];
/** Called with each chunk's running total while a PUT arrives. */
let onBytes: (total: number) => void = () => {};
let storage: http.Server;
let storageOrigin: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>app</title></head><body></body></html>');
  storage = http.createServer((req, res) => {
    const entry: Seen = { method: req.method!, url: req.url!, headers: req.headers, bytes: 0 };
    seen.push(entry);
    req.on('data', (chunk: Buffer) => {
      entry.bytes += chunk.length;
      onBytes(entry.bytes);
    });
    req.on('end', () => {
      if (req.url!.startsWith('/expired')) {
        res.writeHead(403, { 'Content-Type': 'application/xml', 'Set-Cookie': 'a=b', 'Access-Control-Allow-Origin': '*' });
        res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>');
      } else if (req.url!.startsWith('/redirect')) {
        res.writeHead(307, { Location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
      } else if (req.url!.startsWith('/page')) {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<script>alert(1)</script>');
      } else {
        res.writeHead(200, { ETag: '"abc"', 'Content-Type': req.method === 'GET' ? 'image/png' : 'text/plain' });
        res.end(req.method === 'GET' ? 'png-bytes' : '');
      }
    });
  });
  await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
  storageOrigin = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`;
  const base = { distDir, apiTarget: emu.url, proxyEmulatorNamespace: false, host: '127.0.0.1', port: 0 };
  learning = await startDashboardServer({ ...base, storageOrigins: ['https:'] });
  configured = await startDashboardServer({ ...base, storageOrigins: [storageOrigin] });
  off = await startDashboardServer({ ...base, storageOrigins: [storageOrigin], uploadRelay: 'never' });
});
afterAll(async () => {
  await Promise.all([learning.close(), configured.close(), off.close()]);
  await new Promise<void>((resolve) => storage.close(() => resolve()));
  await emu.close();
});

const relayed = (dashboard: Dashboard, target: string) => `${dashboard.url}/_relay?url=${encodeURIComponent(target)}`;

describe('storage relay: targets', () => {
  it.each([
    ['127.0.0.1 on another port', () => `http://127.0.0.1:${Number(new URL(storageOrigin).port) === 1 ? 2 : 1}/bucket/a.png`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['the metadata address spelled as a number', () => 'http://2852039166/latest/meta-data/'],
    ['another host', () => 'https://example.com/bucket/a.png'],
    ['a file: URL', () => 'file:///etc/passwd'],
    ['an ftp: URL', () => `ftp://127.0.0.1:${new URL(storageOrigin).port}/a.png`],
    ['credentials in the URL', () => `http://user:pass@${new URL(storageOrigin).host}/a.png`],
    ['no URL at all', () => ''],
  ])('refuses %s, without contacting it', async (_name, target) => {
    const before = seen.length;
    for (const method of ['GET', 'PUT']) {
      const res = await fetch(relayed(configured, target()), { method, body: method === 'PUT' ? 'x' : undefined });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('RELAY_TARGET_REFUSED');
    }
    expect(seen.length).toBe(before);
  });

  it('never treats a scheme-only storage origin (https:) as permission', () => {
    const relay = createUploadRelay({ mode: 'auto', storageOrigins: ['https:', storageOrigin] });
    expect(relay.refusal('https://example.com/a.png')).toBe('not-issued');
    expect(relay.refusal(`${storageOrigin}/a.png`)).toBeNull();
    expect(relay.refusal('http://[fe80::1]/a')).toBe('link-local');
  });

  it('refuses a storage URL the service did not issue through this server, and relays it once it did', async () => {
    const token = await emu.login();
    // Issued straight by the emulator, not through this dashboard server: not known yet.
    const direct = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: [{ fileName: 'a.png' }] } });
    const firstUrl: string = direct.body.data.files[0].uploadUrl;
    const refused = await fetch(relayed(learning, firstUrl), { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: new Uint8Array(fixture('coins.png')) });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toContain('STORAGE_ORIGINS');
    // The service's API through this dashboard server, as the page calls it.
    const throughDashboard = jsonRequester(learning.url);
    // A field a customer writes (an output target's url, an originalFileUrl) teaches nothing.
    await throughDashboard('POST', '/api/v2/orders/anti-ai', {
      token,
      body: { idempotencyKey: newKey(), files: [{ fileName: 'a.png', originalFileUrl: 'http://169.254.169.254/x' }] },
    });
    expect((await fetch(relayed(learning, 'http://169.254.169.254/x'))).status).toBe(403);

    const viaDashboard = await throughDashboard('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: [{ fileName: 'b.png' }] } });
    expect(viaDashboard.status).toBe(200);
    const data = viaDashboard.body.data as { orderId: string; files: { uploadUrl: string }[] };
    const put = await fetch(relayed(learning, data.files[0]!.uploadUrl), { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: new Uint8Array(fixture('coins.png')) });
    expect(put.status).toBe(200);
    expect(put.headers.get('x-imprint-relay')).toBe('relayed');
    const order = await emu.request('GET', `/api/v2/orders/${data.orderId}`, { token });
    expect(order.body.data.files?.[0]?.uploaded ?? order.body.data.status).not.toBe('failed');
  });

  it('is off with UPLOAD_RELAY=never, and the page is told the mode', async () => {
    const res = await fetch(relayed(off, `${storageOrigin}/a.png`));
    expect([res.status, (await res.json()).code]).toEqual([404, 'RELAY_DISABLED']);
    expect(seen.some((s) => s.url === '/a.png')).toBe(false);
    expect(await (await fetch(`${off.url}/sign-in`)).text()).toContain('<meta name="imprint-upload-relay" content="never">');
    for (const page of ['/orders/new', '/']) {
      expect(await (await fetch(`${configured.url}${page}`)).text()).toContain('<meta name="imprint-upload-relay" content="auto">');
    }
  });
});

describe('storage relay: what it passes', () => {
  it('passes the storage\'s status and XML error body back, without its cookies or CORS headers', async () => {
    const res = await fetch(relayed(configured, `${storageOrigin}/expired/a.png?X-Amz-Signature=abc`), { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: 'x' });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>AccessDenied</Code><Message>Request has expired</Message>');
    expect(res.headers.get('content-type')).toBe('application/xml');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    // Not rendered on the dashboard's origin if someone opens it.
    expect(res.headers.get('content-disposition')).toBe('attachment');
  });

  it('keeps Content-Type and the query, sends no cookie, Authorization, Origin or Referer upstream', async () => {
    const res = await fetch(relayed(configured, `${storageOrigin}/bucket/a.png?X-Amz-Expires=900&X-Amz-Signature=abc`), {
      method: 'PUT',
      headers: { 'Content-Type': 'image/webp', Cookie: 'session=1', Authorization: 'Bearer t', Origin: 'http://evil.example', Referer: 'http://x/', 'x-amz-meta-a': '1' },
      body: 'hello',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"abc"');
    const last = seen.at(-1)!;
    expect([last.method, last.url, last.bytes, last.headers['content-type'], last.headers['content-length']]).toEqual(['PUT', '/bucket/a.png?X-Amz-Expires=900&X-Amz-Signature=abc', 5, 'image/webp', '5']);
    expect([last.headers.cookie, last.headers.authorization, last.headers.origin, last.headers.referer]).toEqual([undefined, undefined, undefined, undefined]);
    expect(last.headers['x-amz-meta-a']).toBe('1');
  });

  it('reads through GET (images inline, other types as attachments) and follows no redirect', async () => {
    const image = await fetch(relayed(configured, `${storageOrigin}/thumb.png`));
    expect([image.status, image.headers.get('content-type'), image.headers.get('content-disposition'), await image.text()]).toEqual([200, 'image/png', null, 'png-bytes']);
    const page = await fetch(relayed(configured, `${storageOrigin}/page`));
    expect(page.headers.get('content-disposition')).toBe('attachment');
    const before = seen.length;
    const redirect = await fetch(relayed(configured, `${storageOrigin}/redirect`), { redirect: 'manual' });
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get('location')).toBeNull();
    expect(seen.length).toBe(before + 1);
  });

  it('refuses a declared body over the 50 MB limit before contacting the storage', async () => {
    const before = seen.length;
    const res = await rawPut(relayed(configured, `${storageOrigin}/big.png`), { 'Content-Length': String(MAX_FILE_BYTES + 1), 'Content-Type': 'image/png' }, []);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).code).toBe('PAYLOAD_TOO_LARGE');
    expect(seen.length).toBe(before);
  });

  it('stops an undeclared (chunked) body at the 50 MB limit', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 1);
    const res = await rawPut(relayed(configured, `${storageOrigin}/chunked.png`), { 'Content-Type': 'image/png' }, Array.from({ length: 51 }, () => chunk));
    expect(res.status, res.body).toBe(413);
    expect(seen.at(-1)!.bytes).toBeLessThanOrEqual(MAX_FILE_BYTES);
  });

  it('streams: the storage has the first bytes before the browser has sent the rest', async () => {
    const first = Buffer.alloc(256 * 1024, 2);
    const url = new URL(relayed(configured, `${storageOrigin}/stream.png`));
    let arrived = 0;
    const firstArrived = new Promise<void>((resolve) => {
      onBytes = (total) => {
        arrived = total;
        if (total >= first.length) resolve();
      };
    });
    const done = new Promise<number>((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'PUT', headers: { 'Content-Type': 'image/png', 'Content-Length': first.length * 2 } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', reject);
      req.write(first);
      // The second half goes only once the storage holds the first.
      void firstArrived.then(() => req.end(first));
    });
    await firstArrived;
    expect(arrived).toBeLessThan(first.length * 2);
    expect(await done).toBe(200);
    onBytes = () => {};
    expect(seen.at(-1)!.bytes).toBe(first.length * 2);
  });

  it('answers 502 with a code when the storage cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    // The relay logs the failure, as the /api proxy does; expected here.
    const errors = console.error;
    console.error = () => undefined;
    const dashboard = await startDashboardServer({ distDir, apiTarget: emu.url, proxyEmulatorNamespace: false, host: '127.0.0.1', port: 0, storageOrigins: [origin] });
    try {
      const res = await fetch(relayed(dashboard, `${origin}/a.png`), { method: 'PUT', body: 'x' });
      expect([res.status, (await res.json()).code]).toEqual([502, 'RELAY_UPSTREAM_UNREACHABLE']);
    } finally {
      console.error = errors;
      await dashboard.close();
    }
  });
});

function rawPut(target: string, headers: Record<string, string>, chunks: Buffer[]): Promise<{ status: number; body: string }> {
  const url = new URL(target);
  return new Promise((resolve, reject) => {
    // A socket of its own: a request that declared more than it sent must not leave its socket for the next one.
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'PUT', headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    // The server may answer and close before every chunk is written.
    req.on('error', (error) => (String(error).includes('EPIPE') || String(error).includes('ECONNRESET') ? undefined : reject(error)));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}
