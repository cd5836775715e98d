import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator } from './harness';
import { fixture, newKey, put, waitFor, waitForStatus } from './orders-helpers';

describe('temp files', () => {
  it('sweeps .part files left by a crash or a full disk at start, and nothing else', async () => {
    let emu = await startTestEmulator();
    const tmp = path.join(emu.dataDir, 'files', 'tmp');
    fs.mkdirSync(tmp, { recursive: true });
    fs.writeFileSync(path.join(tmp, '123-abc.part'), Buffer.alloc(4096));
    fs.writeFileSync(path.join(tmp, 'notes.txt'), 'kept');
    emu = await emu.restart();
    try {
      expect(fs.readdirSync(tmp)).toEqual(['notes.txt']);
    } finally {
      await emu.close();
    }
  });
});

/** The emulator reports storage faults on the console; these tests expect that, so they collect it. */
function collectErrors() {
  const original = console.error;
  const lines: string[] = [];
  console.error = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  return { lines, restore: () => (console.error = original) };
}

describe('a full disk', () => {
  const flag = path.join(os.tmpdir(), `imprint-disk-full-${process.pid}`);
  beforeAll(() => {
    process.env.EMULATOR_FAULT_DISK_FULL_FLAG = flag;
  });
  afterAll(() => {
    delete process.env.EMULATOR_FAULT_DISK_FULL_FLAG;
    fs.rmSync(flag, { force: true });
  });
  const fill = () => fs.writeFileSync(flag, '');
  const free = () => fs.rmSync(flag, { force: true });

  it('answers an upload it cannot store with 507 STORAGE_FULL (retryable), not 400, and takes it once there is room', async () => {
    const emu = await startTestEmulator();
    try {
      const token = await emu.login();
      const created = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: [{ fileName: 'a.png' }] } });
      const url = created.body.data.files[0].uploadUrl as string;
      fill();
      const refused = await fetch(url, { method: 'PUT', body: new Uint8Array(fixture('coins.png')), headers: { 'Content-Type': 'image/png' } });
      expect(refused.status).toBe(507);
      expect(refused.headers.get('connection')).toBe('close');
      expect((await refused.json()).code).toBe('STORAGE_FULL');
      free();
      expect((await put(url, fixture('coins.png'))).status).toBe(200);
    } finally {
      free();
      await emu.close();
    }
  });

  it('answers 507 and closes the connection when the disk fills halfway through a large PUT', async () => {
    const emu = await startTestEmulator();
    try {
      const token = await emu.login();
      const created = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: [{ fileName: 'a.png' }] } });
      const url = new URL(created.body.data.files[0].uploadUrl as string);
      // 8 MB announced; the disk fills once the first 256 KB are in a temp file. The answer comes before the rest of
      // the body, and the socket must then end, so the client stops sending and sees the 507 instead of waiting on a
      // connection the server no longer reads.
      const socket = net.connect(Number(url.port), url.hostname);
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(`PUT ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: image/png\r\nContent-Length: ${8 * 1024 * 1024}\r\n\r\n`);
      socket.write(Buffer.alloc(256 * 1024));
      const tmp = path.join(emu.dataDir, 'files', 'tmp');
      await waitFor(() => fs.existsSync(tmp) && fs.readdirSync(tmp).some((name) => fs.statSync(path.join(tmp, name)).size > 0));
      fill();
      socket.write(Buffer.alloc(256 * 1024));
      const closedInTime = await Promise.race([ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))]);
      socket.destroy();
      expect(answer).toMatch(/^HTTP\/1\.1 507 /);
      expect(answer).toContain('STORAGE_FULL');
      expect(closedInTime).toBe(true);
      expect(fs.readdirSync(tmp)).toEqual([]);
    } finally {
      free();
      await emu.close();
    }
  });

  it('keeps an order waiting while results cannot be written, and finishes it within seconds of space coming back', async () => {
    const emu = await startTestEmulator();
    const errors = collectErrors();
    try {
      const token = await emu.login();
      const created = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: [{ fileName: 'a.png' }] } });
      const orderId = created.body.data.orderId as string;
      await put(created.body.data.files[0].uploadUrl, fixture('coins.png'));
      fill();
      await emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token, body: { idempotencyKey: newKey(), orderId } });
      // Long enough for several tries: once, 3 quick tries failed the order for good.
      await waitFor(() => errors.lines.filter((l) => l.includes(`storage fault on order ${orderId}`)).length >= 3, 20_000);
      expect((await emu.request('GET', `/api/v2/orders/${orderId}`, { token })).body.data.status).toBe('inProgress');
      free();
      const freedAt = Date.now();
      await waitForStatus(emu, token, orderId, ['complete', 'failed'], 20_000);
      expect((await emu.request('GET', `/api/v2/orders/${orderId}`, { token })).body.data.status).toBe('complete');
      expect(Date.now() - freedAt).toBeLessThan(10_000);
      const usage = emu.context.db.prepare('SELECT attempts, state FROM jobs j WHERE order_id = ?').get(orderId);
      expect(usage).toEqual({ attempts: 1, state: 'done' });
    } finally {
      free();
      await emu.close();
      errors.restore();
    }
  }, 40_000);

  it('retries a hand-back the database refuses, so the order finishes within seconds of writes succeeding again', async () => {
    // The processing delay holds the claimed job long enough to turn the database read-only before its write fails.
    const emu = await startTestEmulator({ processingDelayMs: 1500 });
    const db = emu.context.db;
    const errors = collectErrors();
    try {
      const token = await emu.login();
      const created = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: [{ fileName: 'a.png' }] } });
      const orderId = created.body.data.orderId as string;
      await put(created.body.data.files[0].uploadUrl, fixture('coins.png'));
      await emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token, body: { idempotencyKey: newKey(), orderId } });
      const job = () => db.prepare('SELECT state, attempts FROM jobs WHERE order_id = ?').get(orderId) as { state: string; attempts: number };
      await waitFor(() => job()?.state === 'running');
      // The result write then fails (ENOSPC), and so does giving the job back (SQLITE_READONLY), as SQLITE_FULL once
      // did: the claim would then hold until its lease ran out.
      fill();
      db.pragma('query_only = ON');
      await waitFor(() => errors.lines.some((l) => l.includes(`storage fault on order ${orderId}`)), 20_000);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(job().state).toBe('running');
      db.pragma('query_only = OFF');
      free();
      const freedAt = Date.now();
      await waitForStatus(emu, token, orderId, ['complete', 'failed'], 20_000);
      expect((await emu.request('GET', `/api/v2/orders/${orderId}`, { token })).body.data.status).toBe('complete');
      // Well inside the 30 s lease: the retried hand-back freed the job, not the lease running out.
      expect(Date.now() - freedAt).toBeLessThan(10_000);
    } finally {
      db.pragma('query_only = OFF');
      free();
      await emu.close();
      errors.restore();
    }
  }, 40_000);

  it('answers a creation on a full database with 507 STORAGE_FULL, and creates again once there is room', async () => {
    const emu = await startTestEmulator();
    const db = emu.context.db;
    const errors = collectErrors();
    try {
      const token = await emu.login();
      const pages = db.pragma('page_count', { simple: true }) as number;
      db.pragma(`max_page_count = ${pages}`);
      const many = Array.from({ length: 100 }, (_, i) => ({ fileName: `file-${i}-${'x'.repeat(150)}.png` }));
      let refused: Awaited<ReturnType<typeof emu.request>> | undefined;
      for (let i = 0; i < 50 && !refused; i++) {
        const res = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: many } });
        if (res.status !== 200) refused = res;
      }
      expect([refused?.status, refused?.body.code]).toEqual([507, 'STORAGE_FULL']);
      db.pragma('max_page_count = 1073741823');
      expect((await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: many } })).status).toBe(200);
    } finally {
      await emu.close();
      errors.restore();
    }
  });
});
