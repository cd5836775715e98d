import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './harness';

// Unauthenticated bodies were read whole: 300 MB to a receiver took the process from 128 MB to 1.08 GB.
let emu: TestEmulator;

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.close();
});

const MiB = 1024 * 1024;

/** Sends up to `total` bytes in 1 MiB chunks (declared or chunked) and stops as soon as an answer arrives. */
function send(path: string, total: number, declareLength: boolean): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const url = new URL(emu.url + path);
    const headers: Record<string, string | number> = { 'Content-Type': 'application/json' };
    if (declareLength) headers['Content-Length'] = total;
    const req = http.request({ host: url.hostname, port: url.port, path, method: 'POST', headers });
    const chunk = Buffer.alloc(MiB, 0x20);
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body, sent }));
      res.on('error', () => resolve({ status: res.statusCode!, body, sent }));
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

async function growthOf(run: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage().rss;
  await run();
  return process.memoryUsage().rss - before;
}

describe('body limits', () => {
  for (const path of ['/_emulator/receivers/x', '/api/v2/auth/login', '/_emulator/accounts']) {
    it(`refuses a declared 300 MB body to ${path} at once, without reading it`, async () => {
      let answer!: Awaited<ReturnType<typeof send>>;
      const growth = await growthOf(async () => (answer = await send(path, 300 * MiB, true)));
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).code).toBe('PAYLOAD_TOO_LARGE');
      expect(answer.sent).toBeLessThan(300 * MiB);
      expect(growth).toBeLessThan(100 * MiB);
    });

    it(`stops reading an undeclared (chunked) body to ${path} past 1 MiB`, async () => {
      let answer!: Awaited<ReturnType<typeof send>>;
      const growth = await growthOf(async () => (answer = await send(path, 200 * MiB, false)));
      expect(answer.status).toBe(413);
      expect(answer.sent).toBeLessThan(200 * MiB);
      expect(growth).toBeLessThan(100 * MiB);
    });
  }

  it('drains a refused body of a few MiB, so the sender gets the 413 and the connection serves the next request', async () => {
    // A proxy (the dashboard server) streams the whole body whatever the answer: a connection cut off under it
    // turned the 413 into a reset, and the proxy's answer into 502.
    const url = new URL(emu.url);
    const socket = net.connect(Number(url.port), url.hostname);
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    const until = async (pattern: RegExp) => {
      for (let i = 0; i < 200 && !pattern.test(received); i++) await new Promise((r) => setTimeout(r, 10));
      return pattern.test(received);
    };
    const size = 2 * MiB;
    socket.write(`POST /api/v2/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`);
    socket.write(Buffer.alloc(64 * 1024, 0x20));
    expect(await until(/^HTTP\/1\.1 413 [\s\S]*PAYLOAD_TOO_LARGE/)).toBe(true);
    // The rest of the body, then a second request on the same connection.
    socket.write(Buffer.alloc(size - 64 * 1024, 0x20));
    socket.write('GET /_emulator/info HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await until(/HTTP\/1\.1 200 /)).toBe(true);
    socket.destroy();
  });

  it('still takes a body just under the limit', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(MiB - 100) });
    const res = await emu.request('POST', '/_emulator/receivers/under-limit', { body });
    expect(res.status).toBe(200);
  });
});

describe('test receiver bounds', () => {
  it('keeps unsigned requests within a fixed count and size across all receivers', async () => {
    const db = emu.context.db;
    const big = JSON.stringify({ pad: 'y'.repeat(MiB - 100) });
    for (let i = 0; i < 20; i++) expect((await emu.request('POST', `/_emulator/receivers/anon-${i}`, { body: big })).status).toBe(200);
    for (let i = 0; i < 150; i++) await emu.request('POST', `/_emulator/receivers/many-${i % 30}`, { body: '{}' });
    const kept = db.prepare('SELECT COUNT(*) AS n, SUM(length(body)) AS bytes FROM webhook_receiver_requests WHERE account_id IS NULL').get() as {
      n: number;
      bytes: number;
    };
    expect(kept.n).toBeLessThanOrEqual(100);
    expect(kept.bytes).toBeLessThanOrEqual(4 * MiB);
    // The newest is always kept.
    const newest = db.prepare('SELECT receiver FROM webhook_receiver_requests ORDER BY id DESC LIMIT 1').get() as { receiver: string };
    expect(newest.receiver).toBe('many-29');
  });

  it('lets an account configure at most 20 receivers, and reconfigure its own', async () => {
    const token = await emu.login();
    const config = (name: string) => emu.request('PUT', `/_emulator/receivers/${name}/config`, { token, body: { status: 200, delayMs: 0 } });
    for (let i = 0; i < 20; i++) expect((await config(`mine-${i}`)).status).toBe(200);
    const refused = await config('mine-20');
    expect([refused.status, refused.body.code]).toEqual([400, 'RECEIVER_LIMIT_REACHED']);
    expect((await config('mine-3')).status).toBe(200);
  });
});
