import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookAttemptsResponse } from '../../src/api/schemas/webhook-health';
import { findAccountByEmail } from '../domain/accounts';
import { emitOrderFinished, finishedOrder, waitFor } from './emit-order-finished';
import { DEMO_ACCOUNT, SECOND_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';
import { startReceiver } from './test-receiver';

let emu: TestEmulator;
let second: string;
let demo: string;
let secondId: number;
beforeAll(async () => {
  emu = await startTestEmulator({ webhookRetryDelaysMs: [20, 20, 20] });
  demo = await emu.login(DEMO_ACCOUNT);
  second = await emu.login(SECOND_ACCOUNT);
  secondId = findAccountByEmail(emu.context.db, SECOND_ACCOUNT.email)!.id;
});
afterAll(async () => {
  await emu.close();
});

const attemptsPath = (id: number, query = '') => `/_emulator/webhooks/${id}/attempts${query}`;

describe('GET /_emulator/webhooks/:id/attempts', () => {
  it('lists the newest attempts over all events of the webhook, with durations and answers', async () => {
    // Fails the first attempt of every event, then accepts: two events give four attempts.
    const receiver = await startReceiver((_call, index) => ({ status: index % 2 === 0 ? 500 : 200 }));
    const created = await emu.request('POST', '/api/v2/orders/webhooks', { token: second, body: { name: 'Health', url: receiver.url } });
    const hookId = created.body.data.id as number;
    try {
      const recorded = (count: number) =>
        waitFor(async () => {
          const res = await emu.request('GET', attemptsPath(hookId), { token: second });
          expect(res.status).toBe(200);
          const data = webhookAttemptsResponse.parse(res.body.data);
          return data.attempts.length === count ? data : undefined;
        });
      // The second order only once both attempts of the first are recorded, so the order is certain.
      emitOrderFinished(emu.context, finishedOrder(secondId, { orderId: 'ord_h1' }));
      await recorded(2);
      emitOrderFinished(emu.context, finishedOrder(secondId, { orderId: 'ord_h2' }));
      const all = await recorded(4);
      expect(all.limit).toBe(100);
      expect(all.attempts.map((a) => a.statusCode)).toEqual([200, 500, 200, 500]);
      expect(all.attempts.map((a) => a.attempt)).toEqual([2, 1, 2, 1]);
      // Newest first: the second order's event comes before the first's.
      expect(all.attempts[0]!.eventId).toBeGreaterThan(all.attempts[3]!.eventId);
      for (const a of all.attempts) expect(a.durationMs).toBeGreaterThanOrEqual(0);

      const two = await emu.request('GET', attemptsPath(hookId, '?limit=2'), { token: second });
      expect(webhookAttemptsResponse.parse(two.body.data).attempts).toEqual(all.attempts.slice(0, 2));
    } finally {
      await emu.request('DELETE', `/api/v2/orders/webhooks/${hookId}`, { token: second });
      await receiver.close();
    }
  });

  it('answers an empty list for a webhook without deliveries', async () => {
    const created = await emu.request('POST', '/api/v2/orders/webhooks', { token: demo, body: { name: 'Quiet', url: 'http://127.0.0.1:9/never' } });
    const hookId = created.body.data.id as number;
    await emu.request('PUT', `/api/v2/orders/webhooks/${hookId}`, { token: demo, body: { isActive: false } });
    const res = await emu.request('GET', attemptsPath(hookId), { token: demo });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ attempts: [], limit: 100 });
  });

  it("keeps accounts apart: another account's webhook is not found", async () => {
    const created = await emu.request('POST', '/api/v2/orders/webhooks', { token: demo, body: { name: 'Mine', url: 'http://127.0.0.1:9/never' } });
    const hookId = created.body.data.id as number;
    await emu.request('PUT', `/api/v2/orders/webhooks/${hookId}`, { token: demo, body: { isActive: false } });
    const res = await emu.request('GET', attemptsPath(hookId), { token: second });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('WEBHOOK_NOT_FOUND');
  });

  it('refuses bad input with a 4xx and a code', async () => {
    const created = await emu.request('POST', '/api/v2/orders/webhooks', { token: demo, body: { name: 'Bad input', url: 'http://127.0.0.1:9/never' } });
    const hookId = created.body.data.id as number;
    await emu.request('PUT', `/api/v2/orders/webhooks/${hookId}`, { token: demo, body: { isActive: false } });
    for (const query of ['?limit=0', '?limit=501', '?limit=abc', '?limit=1.5']) {
      const res = await emu.request('GET', attemptsPath(hookId, query), { token: demo });
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('INVALID_PARAMETER');
    }
    const badId = await emu.request('GET', '/_emulator/webhooks/abc/attempts', { token: demo });
    expect(badId.status).toBe(404);
    expect(badId.body.code).toBe('WEBHOOK_NOT_FOUND');
    const anonymous = await emu.request('GET', attemptsPath(hookId));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBeTruthy();
    const post = await emu.request('POST', attemptsPath(hookId), { token: demo, body: {} });
    expect(post.status).toBe(405);
  });
});
