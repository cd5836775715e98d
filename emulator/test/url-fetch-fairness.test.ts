import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';
import { fixture, newKey, put, waitForStatus } from './orders-helpers';

// Two slow URL-mode downloads once held both processing slots: another account's order waited 15 s instead of 0.3 s.
let emu: TestEmulator;
let slow: http.Server;
let slowUrl: string;
const SLOW_MS = 10_000;
let firstSlowAnswerAt = 0;

beforeAll(async () => {
  emu = await startTestEmulator({ jobConcurrency: 2 });
  const png = fixture('coins.png');
  slow = http.createServer((_req, res) => {
    setTimeout(() => {
      firstSlowAnswerAt ||= Date.now();
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
    }, SLOW_MS);
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/slow.png`;
});
afterAll(async () => {
  await emu.close();
  slow.closeAllConnections();
  await new Promise((resolve) => slow.close(resolve));
});

describe('URL-mode downloads', () => {
  it('do not hold the processing slots: another account is processed while they wait', async () => {
    const demo = await emu.login();
    const urlOrders = [];
    for (let i = 0; i < 3; i++) {
      const res = await emu.request('POST', '/api/v2/orders/anti-ai', { token: demo, body: { idempotencyKey: newKey(), files: [{ fileName: 'u.png', originalFileUrl: slowUrl }] } });
      expect(res.body.data.status).toBe('inProgress');
      urlOrders.push(res.body.data.orderId as string);
    }
    await new Promise((r) => setTimeout(r, 300));

    const other = await emu.login(SECOND_ACCOUNT);
    const started = Date.now();
    const created = await emu.request('POST', '/api/v2/orders/anti-ai', { token: other, body: { idempotencyKey: newKey(), files: [{ fileName: 'a.png' }] } });
    await put(created.body.data.files[0].uploadUrl, fixture('coins.png'));
    await emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token: other, body: { idempotencyKey: newKey(), orderId: created.body.data.orderId } });
    await waitForStatus(emu, other, created.body.data.orderId, ['complete'], SLOW_MS + 10_000);
    // Done before any slow image had even arrived (timings on a loaded machine vary; this order does not).
    expect(firstSlowAnswerAt === 0 || Date.now() < firstSlowAnswerAt).toBe(true);
    expect(Date.now() - started).toBeLessThan(SLOW_MS);

    // The downloads finish and their orders are processed as before, each once.
    for (const orderId of urlOrders) await waitForStatus(emu, demo, orderId, ['complete'], 20_000);
    const attempts = emu.context.db.prepare(`SELECT attempts FROM jobs WHERE order_id IN (${urlOrders.map(() => '?').join(',')})`).all(...urlOrders);
    expect(attempts).toEqual(urlOrders.map(() => ({ attempts: 1 })));
  }, 60_000);
});
