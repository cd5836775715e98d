import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDashboardServer, type DashboardServerOptions, type RunningDashboard } from '../../server/dashboard-server';
import { parseByteRange } from '../../server/static-files';
import { selfSignedCertificate } from '../../scripts/stack/certificate';
import { ROOT } from '../../scripts/stack/stack';
import { startTestEmulator } from './harness';
import { fixture, newKey } from './orders-helpers';

// What hosting the dashboard server needs (issue 26 part 4): /healthz, a drain on SIGTERM, the access log,
// TRUST_PROXY, byte ranges. The service behind it is a small stub here, so a test can hold an answer back.

let distDir: string;
let upstream: http.Server;
let upstreamUrl: string;
/** Requests the stub has received, with the headers it got. */
const received: { url: string; headers: http.IncomingHttpHeaders }[] = [];
/** Answers held back by the stub (path /api/v2/slow), released by the test. */
const held: http.ServerResponse[] = [];
const started: RunningDashboard[] = [];

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(distDir, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(300)}</svg>`);
  fs.mkdirSync(path.join(distDir, 'assets'));
  const big = 'export const words = ' + JSON.stringify(Array.from({ length: 2000 }, (_, i) => `message ${i}`)) + ';';
  fs.writeFileSync(path.join(distDir, 'assets', 'big.js'), big);
  fs.writeFileSync(path.join(distDir, 'assets', 'big.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(distDir, 'assets', 'big.js.gz'), zlib.gzipSync(big, { level: 9 }));

  upstream = http.createServer((req, res) => {
    received.push({ url: req.url!, headers: req.headers });
    if (req.url!.startsWith('/api/v2/slow')) {
      held.push(res);
      return;
    }
    if (req.url!.startsWith('/api/v2/orders/stats/recent')) {
      res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"code":"AUTH_NOT_AUTHENTICATED"}');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":null}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.end();
  await Promise.all(started.map((d) => d.close(0)));
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  fs.rmSync(distDir, { recursive: true, force: true });
});

async function dashboard(options: Partial<DashboardServerOptions> = {}): Promise<RunningDashboard> {
  const running = await startDashboardServer({ distDir, apiTarget: upstreamUrl, proxyEmulatorNamespace: false, storageOrigins: [], host: '127.0.0.1', port: 0, ...options });
  started.push(running);
  return running;
}

/** A raw request: no decoding of the body (a range of a Brotli file is not Brotli on its own), headers as sent. */
function raw(base: string, pathName: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = http.request({ host: url.hostname, port: url.port, path: pathName, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const until = async (check: () => boolean, what: string, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('GET /healthz', () => {
  it('answers 200 when the service answers (401 without a token counts), never cached, with the security headers', async () => {
    const d = await dashboard();
    const res = await fetch(`${d.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', api: { reachable: true, httpStatus: 401 } });
  });

  it('answers 503 with the reason when the service is down, without naming its address', async () => {
    const port = await closedPort();
    const d = await dashboard({ apiTarget: `http://127.0.0.1:${port}` });
    const res = await fetch(`${d.url}/healthz`);
    const text = await res.text();
    expect(res.status).toBe(503);
    expect(JSON.parse(text)).toMatchObject({ status: 'unavailable', api: { reachable: false, reason: 'connection refused (ECONNREFUSED)' } });
    expect(text).not.toContain(String(port));
    expect(text).not.toContain('127.0.0.1');
  });

  it('answers 503 within its timeout when the service accepts but never answers', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const d = await dashboard({ apiTarget: `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`, healthTimeoutMs: 300 });
      const began = Date.now();
      const res = await fetch(`${d.url}/healthz`);
      expect([res.status, (await res.json()).api.reason]).toEqual([503, 'no answer within 300 ms']);
      expect(Date.now() - began).toBeLessThan(2000);
    } finally {
      silent.close();
    }
  });
});

describe('access log', () => {
  it('writes one line per request: client, method, path without its query, status, milliseconds', async () => {
    const lines: string[] = [];
    const d = await dashboard({ accessLog: (line) => lines.push(line) });
    await raw(d.url, '/api/v2/orders?keyword=secret-word&token=abc123');
    await raw(d.url, '/assets/big.js?signature=deadbeef');
    await raw(d.url, '/assets/missing%0A2026-01-01T00:00:00.000Z%20forged.js');
    await until(() => lines.length === 3, 'three log lines');
    const line = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z 127\.0\.0\.1 GET (\S+) (\d{3}) \d+ms$/;
    expect(lines.map((l) => line.exec(l)?.slice(1, 3))).toEqual([
      ['/api/v2/orders', '200'],
      ['/assets/big.js', '200'],
      // Percent-encoded as sent: a request cannot write a line of its own.
      ['/assets/missing%0A2026-01-01T00:00:00.000Z%20forged.js', '404'],
    ]);
    expect(lines.join('\n')).not.toMatch(/secret-word|abc123|deadbeef|\?/);
  });

  it('logs a client that went away as 499, and not as "could not reach" the service', async () => {
    const lines: string[] = [];
    const errors: unknown[][] = [];
    const d = await dashboard({ accessLog: (line) => lines.push(line) });
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const controller = new AbortController();
      const request = fetch(`${d.url}/api/v2/slow?abort=1`, { signal: controller.signal }).catch(() => 'aborted');
      const before = held.length;
      await until(() => held.length > before, 'the stub to hold the request');
      const upstreamClosed = new Promise((resolve) => held.at(-1)!.once('close', resolve));
      controller.abort();
      expect(await request).toBe('aborted');
      // The abort reached the service's side too: the proxied fetch failed, and its failure was not logged.
      await upstreamClosed;
      await until(() => lines.length === 1, 'the log line');
      expect(lines[0]).toMatch(/ GET \/api\/v2\/slow 499 \d+ms client closed$/);
      // Give a late "could not reach … undefined" the time to show.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(errors).toEqual([]);
    } finally {
      console.error = consoleError;
    }
  });
});

describe('TRUST_PROXY', () => {
  const forwarded = { 'X-Forwarded-For': '198.51.100.1, 203.0.113.9', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'imprint.example.com' };
  const lastUpstream = () => received.at(-1)!.headers;

  it('without the setting, ignores X-Forwarded-* from the client: logs and forwards what it saw itself', async () => {
    const lines: string[] = [];
    const d = await dashboard({ accessLog: (line) => lines.push(line) });
    await raw(d.url, '/api/v2/orders', forwarded);
    await until(() => lines.length === 1, 'the log line');
    expect(lines[0]).toMatch(/Z 127\.0\.0\.1 GET /);
    expect([lastUpstream()['x-forwarded-for'], lastUpstream()['x-forwarded-proto'], lastUpstream()['x-forwarded-host']]).toEqual([
      '127.0.0.1',
      'http',
      new URL(d.url).host,
    ]);
  });

  it('set to 1, takes the client from the entry the proxy appended (not one the client made up) and the scheme', async () => {
    const lines: string[] = [];
    const d = await dashboard({ accessLog: (line) => lines.push(line), trustProxy: 1 });
    await raw(d.url, '/api/v2/orders', forwarded);
    await until(() => lines.length === 1, 'the log line');
    expect(lines[0]).toMatch(/Z 203\.0\.113\.9 GET /);
    expect([lastUpstream()['x-forwarded-for'], lastUpstream()['x-forwarded-proto'], lastUpstream()['x-forwarded-host']]).toEqual([
      '198.51.100.1, 203.0.113.9, 127.0.0.1',
      'https',
      'imprint.example.com',
    ]);
  });
});

describe('byte ranges on static files', () => {
  it.each([
    ['bytes=0-0', 10, { kind: 'range', start: 0, end: 0 }],
    ['bytes=5-', 10, { kind: 'range', start: 5, end: 9 }],
    ['bytes=5-999', 10, { kind: 'range', start: 5, end: 9 }],
    ['bytes=-3', 10, { kind: 'range', start: 7, end: 9 }],
    ['bytes=-50', 10, { kind: 'range', start: 0, end: 9 }],
    ['BYTES = 1 - 2', 10, { kind: 'range', start: 1, end: 2 }],
    ['bytes=10-', 10, { kind: 'unsatisfiable' }],
    ['bytes=-0', 10, { kind: 'unsatisfiable' }],
    ['bytes=0-', 0, { kind: 'unsatisfiable' }],
    ['bytes=99999999999999999999-', 10, { kind: 'unsatisfiable' }],
    ['bytes=3-1', 10, { kind: 'none' }],
    ['bytes=-', 10, { kind: 'none' }],
    ['bytes=0-1,3-4', 10, { kind: 'none' }],
    [undefined, 10, { kind: 'none' }],
  ] as const)('reads %j of a %i-byte file', (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });

  it('answers 206 with Content-Range on a plain file, the last bytes for a suffix, and 416 past the end', async () => {
    const d = await dashboard();
    const file = fs.readFileSync(path.join(distDir, 'favicon.svg'));
    const first = await raw(d.url, '/favicon.svg', { Range: 'bytes=0-9', 'Accept-Encoding': 'gzip' });
    expect([first.status, first.headers['content-range'], first.headers['content-length'], first.headers['content-encoding']]).toEqual([206, `bytes 0-9/${file.length}`, '10', undefined]);
    expect(first.body.equals(file.subarray(0, 10))).toBe(true);
    const suffix = await raw(d.url, '/favicon.svg', { Range: 'bytes=-6' });
    expect([suffix.status, suffix.headers['content-range'], suffix.body.toString()]).toEqual([206, `bytes ${file.length - 6}-${file.length - 1}/${file.length}`, '</svg>']);
    const past = await raw(d.url, '/favicon.svg', { Range: 'bytes=999999-' });
    expect([past.status, past.headers['content-range'], past.body.length]).toEqual([416, `bytes */${file.length}`, 0]);
    // Not a range we understand (another unit, several ranges): the whole file, as the RFC allows.
    for (const range of ['items=0-1', 'bytes=0-1,5-6', 'bytes=9-3']) {
      const whole = await raw(d.url, '/favicon.svg', { Range: range });
      expect([range, whole.status, whole.body.equals(file)]).toEqual([range, 200, true]);
    }
  });

  it('ranges over the precompressed file actually sent, and 416 with its size', async () => {
    const d = await dashboard();
    const br = fs.readFileSync(path.join(distDir, 'assets', 'big.js.br'));
    const part = await raw(d.url, '/assets/big.js', { Range: 'bytes=0-99', 'Accept-Encoding': 'gzip, br' });
    expect([part.status, part.headers['content-encoding'], part.headers['content-range'], part.headers.vary]).toEqual([206, 'br', `bytes 0-99/${br.length}`, 'Accept-Encoding']);
    expect(part.body.equals(br.subarray(0, 100))).toBe(true);
    const past = await raw(d.url, '/assets/big.js', { Range: 'bytes=999999-', 'Accept-Encoding': 'br' });
    expect([past.status, past.headers['content-range']]).toEqual([416, `bytes */${br.length}`]);
    const gz = fs.readFileSync(path.join(distDir, 'assets', 'big.js.gz'));
    const gzPart = await raw(d.url, '/assets/big.js', { Range: `bytes=${gz.length - 10}-`, 'Accept-Encoding': 'gzip' });
    expect([gzPart.status, gzPart.headers['content-encoding'], gzPart.body.equals(gz.subarray(gz.length - 10))]).toEqual([206, 'gzip', true]);
  });

  it('sends the whole file when If-Range names another version, and 304 for the version the browser has', async () => {
    const d = await dashboard();
    const first = await raw(d.url, '/favicon.svg');
    const etag = first.headers.etag!;
    expect(first.headers['accept-ranges']).toBe('bytes');
    expect((await raw(d.url, '/favicon.svg', { Range: 'bytes=0-9', 'If-Range': '"old-version"' })).status).toBe(200);
    expect((await raw(d.url, '/favicon.svg', { Range: 'bytes=0-9', 'If-Range': etag })).status).toBe(206);
    expect((await raw(d.url, '/favicon.svg', { 'If-None-Match': etag })).status).toBe(304);
  });
});

describe('stopping', () => {
  it('on SIGTERM stops accepting connections, finishes the request in flight, then exits 0 (a child process)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/test/dashboard-child.ts'], {
      cwd: ROOT,
      env: { ...process.env, API_BASE_URL: upstreamUrl, DIST_DIR: distDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await until(() => /Dashboard listening on (\S+)/.test(out), 'the child to listen', 20_000);
      const url = /Dashboard listening on (\S+)/.exec(out)![1]!;
      const before = held.length;
      const inFlight = raw(url, '/api/v2/slow?drain=1');
      await until(() => held.length > before, 'the request to reach the service');
      child.kill('SIGTERM');
      await until(() => out.includes('SIGTERM: finishing'), 'the child to start draining');
      // No new connection is taken while the old request finishes.
      await expect(raw(url, '/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      expect(child.exitCode).toBe(null);
      held.at(-1)!.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":"finished"}');
      const answer = await inFlight;
      expect([answer.status, answer.body.toString(), answer.headers.connection]).toEqual([200, '{"data":"finished"}', 'close']);
      expect(await exited).toBe(0);
      expect(out).toMatch(/ GET \/api\/v2\/slow 200 \d+ms/);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('over HTTP/2 (TLS) too: the session gets a GOAWAY, its request in flight still finishes', async () => {
    const d = await dashboard({ tls: selfSignedCertificate() });
    const session = http2.connect(d.url, { rejectUnauthorized: false });
    const goaway = new Promise((resolve) => session.once('goaway', resolve));
    try {
      const before = held.length;
      const answer = new Promise<{ status: unknown; body: string }>((resolve, reject) => {
        const req = session.request({ ':path': '/api/v2/slow?h2=1' });
        let status: unknown;
        let body = '';
        req.on('response', (headers) => (status = headers[':status']));
        req.on('data', (d: Buffer) => (body += d.toString()));
        req.on('end', () => resolve({ status, body }));
        req.on('error', reject);
        req.end();
      });
      await until(() => held.length > before, 'the request to reach the service');
      const closed = d.close();
      await goaway;
      held.at(-1)!.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":"h2"}');
      expect(await answer).toEqual({ status: 200, body: '{"data":"h2"}' });
      await closed;
    } finally {
      session.destroy();
    }
  });

  it("npm start's emulator drains too: an upload in flight when it stops is stored, a new connection is refused", async () => {
    const emu = await startTestEmulator();
    let closing: Promise<void> | undefined;
    try {
      const token = await emu.login();
      const created = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: [{ fileName: 'rocket.jpg' }] } });
      const upload = new URL(created.body.data.files[0].uploadUrl as string);
      const bytes = fixture('rocket.jpg');
      // Half the file, then the stop, then the rest.
      const answer = new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: upload.hostname, port: upload.port, path: upload.pathname + upload.search, method: 'PUT', headers: { 'Content-Type': 'image/jpeg', 'Content-Length': bytes.length } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          },
        );
        req.on('error', reject);
        req.write(bytes.subarray(0, 1000), () => {
          closing = emu.close(5000);
          setTimeout(() => req.end(bytes.subarray(1000)), 300);
        });
      });
      expect(await answer).toBe(200);
      await expect(raw(emu.url, '/_emulator/info')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      await closing;
    } finally {
      if (!closing) await emu.close();
    }
  });

  it('cuts off what is still running when the grace period ends', async () => {
    const d = await dashboard();
    const before = held.length;
    const inFlight = raw(d.url, '/api/v2/slow?forever=1').catch((error: NodeJS.ErrnoException) => error.code);
    await until(() => held.length > before, 'the request to reach the service');
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.join(' '));
    try {
      const began = Date.now();
      await d.close(300);
      expect(Date.now() - began).toBeLessThan(3000);
      expect(await inFlight).toBe('ECONNRESET');
      expect(errors).toEqual([expect.stringContaining('1 request(s) still unfinished')]);
    } finally {
      console.error = consoleError;
    }
  });
});
