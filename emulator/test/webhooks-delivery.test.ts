import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAttemptsResponse, receiverRequestsResponse } from '../../src/api/schemas/emulator';
import { listEventsResponse, webhookPayload, type DeliveryEvent } from '../../src/api/schemas/webhooks';
import { findAccountByEmail } from '../domain/accounts';
import { emitOrderFinished, finishedOrder, waitFor } from './emit-order-finished';
import { DEMO_ACCOUNT, SECOND_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';
import { startReceiver } from './test-receiver';

let emu: TestEmulator;
let demo: string;
let demoId: number;
let secondId: number;
beforeAll(async () => {
  emu = await startTestEmulator({ webhookRetryDelaysMs: [20, 20, 20] });
  demo = await emu.login(DEMO_ACCOUNT);
  demoId = findAccountByEmail(emu.context.db, DEMO_ACCOUNT.email)!.id;
  secondId = findAccountByEmail(emu.context.db, SECOND_ACCOUNT.email)!.id;
});
afterAll(async () => {
  await emu.close();
});

const BASE = '/api/v2/orders/webhooks';

/** Each test uses the second account or pauses its hooks afterwards, so events do not spill across tests. */
async function hookFor(url: string, token = demo) {
  const res = await emu.request('POST', BASE, { token, body: { name: 'Delivery test', url } });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; secret: string };
}

async function pause(id: number, token = demo) {
  await emu.request('PUT', `${BASE}/${id}`, { token, body: { isActive: false } });
}

async function events(id: number, token = demo): Promise<DeliveryEvent[]> {
  const res = await emu.request('GET', `${BASE}/${id}/events`, { token });
  return listEventsResponse.parse(res.body.data).events;
}

async function attemptsOf(hookId: number, eventId: number, token = demo) {
  const res = await emu.request('GET', `/_emulator/webhooks/${hookId}/events/${eventId}/attempts`, { token });
  expect(res.status).toBe(200);
  return deliveryAttemptsResponse.parse(res.body.data);
}

describe('webhook deliveries', () => {
  it('POSTs the signed payload with the documented headers', async () => {
    const receiver = await startReceiver();
    const hook = await hookFor(receiver.url);
    try {
      emitOrderFinished(emu.context, finishedOrder(demoId, { orderId: 'ord_sig', orderName: 'Signed', fileCount: 3 }));
      await waitFor(() => (receiver.calls.length > 0 ? true : undefined));
      const call = receiver.calls[0]!;
      const expected = createHmac('sha256', hook.secret).update(call.body).digest('hex');
      expect(call.headers['x-service-signature']).toBe(expected);
      expect(call.headers['content-type']).toBe('application/json');

      const payload = webhookPayload.parse(JSON.parse(call.body.toString('utf8')));
      expect(payload.eventType).toBe('order.antiAi.completed');
      expect(payload.occurredAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(payload.data).toMatchObject({ orderId: 'ord_sig', orderName: 'Signed', status: 'complete', fileCount: 3 });
      expect(payload.data).toHaveProperty('downloadUrl');

      const [event] = await waitFor(async () => {
        const list = await events(hook.id);
        return list[0]?.status === 'SENT' ? list : undefined;
      });
      expect(call.headers['x-service-event-id']).toBe(event!.eventId);
      expect(event).toMatchObject({ eventType: 'order.antiAi.completed', retries: 0 });
      expect(event!.lastSentAt).not.toBeNull();

      const log = await attemptsOf(hook.id, event!.id);
      expect(log.attempts).toHaveLength(1);
      expect(log.attempts[0]).toMatchObject({ attempt: 1, statusCode: 200, error: null, responseExcerpt: 'answer 200' });
      expect(log.request.body).toBe(call.body.toString('utf8'));
      expect(log.request.headers['X-Service-Signature']).toBe(expected);
      expect(log.nextAttemptAt).toBeNull();

      const list = await emu.request('GET', `${BASE}?keyword=${encodeURIComponent(receiver.url)}`, { token: demo });
      expect(list.body.data.webhooks[0].lastSentAt).toBe(event!.lastSentAt);
    } finally {
      await pause(hook.id);
      await receiver.close();
    }
  });

  it('builds failed and watermark-extract payloads as documented', async () => {
    const receiver = await startReceiver();
    const second = await emu.login(SECOND_ACCOUNT);
    await hookFor(receiver.url, second);
    try {
      emitOrderFinished(
        emu.context,
        finishedOrder(secondId, { type: 'watermarkEmbed', status: 'failed', error: { code: 'ORDER_TIMEOUT', message: 'took too long' } }),
      );
      emitOrderFinished(emu.context, finishedOrder(secondId, { type: 'watermarkExtract', status: 'detected', watermarkFound: true, watermarkText: 'ACME' }));
      emitOrderFinished(emu.context, finishedOrder(secondId, { type: 'watermarkExtract', status: 'undetected', watermarkFound: false }));
      await waitFor(() => (receiver.calls.length === 3 ? true : undefined));
      const payloads = receiver.calls.map((call) => webhookPayload.parse(JSON.parse(call.body.toString('utf8'))));
      const byType = (type: string, status: string) => payloads.find((p) => p.eventType === type && p.data.status === status)!;

      const failed = byType('order.watermarkEmbed.failed', 'failed');
      expect(failed.data).toMatchObject({ status: 'failed', error: { code: 'ORDER_TIMEOUT', message: 'took too long' } });
      expect(failed.data).toHaveProperty('failedAt');
      expect(failed.data).not.toHaveProperty('completedAt');

      expect(byType('order.watermarkExtract.completed', 'detected').data).toMatchObject({ watermarkFound: true, watermarkInfo: { text: 'ACME' } });
      const undetected = byType('order.watermarkExtract.completed', 'undetected').data;
      expect(undetected).toMatchObject({ watermarkFound: false });
      expect(undetected).not.toHaveProperty('watermarkInfo');
    } finally {
      await receiver.close();
    }
  });

  it('sends nothing to an inactive webhook', async () => {
    const receiver = await startReceiver();
    const active = await hookFor(receiver.url);
    const inactive = await hookFor(receiver.url);
    await pause(inactive.id);
    try {
      emitOrderFinished(emu.context, finishedOrder(demoId));
      await waitFor(async () => ((await events(active.id))[0]?.status === 'SENT' ? true : undefined));
      expect(await events(inactive.id)).toHaveLength(0);
      expect(receiver.calls).toHaveLength(1);
    } finally {
      await pause(active.id);
      await receiver.close();
    }
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const target = await startReceiver();
    const redirecting = await startReceiver(() => ({ status: 301, headers: { Location: target.url } }));
    const hook = await hookFor(redirecting.url);
    try {
      emitOrderFinished(emu.context, finishedOrder(demoId));
      const [event] = await waitFor(async () => {
        const list = await events(hook.id);
        return list[0]?.status === 'FAILED' ? list : undefined;
      });
      expect(redirecting.calls).toHaveLength(4);
      expect(target.calls).toHaveLength(0);
      const log = await attemptsOf(hook.id, event!.id);
      expect(log.attempts[0]).toMatchObject({ statusCode: 301, error: `redirect not followed (301 → ${target.url})` });
    } finally {
      await pause(hook.id);
      await redirecting.close();
      await target.close();
    }
  });

  it('records a receiver that hangs past 5 s as a timeout and schedules a retry', async () => {
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 6000 }));
    const hook = await hookFor(receiver.url);
    try {
      emitOrderFinished(emu.context, finishedOrder(demoId));
      const started = Date.now();
      // The API stays responsive while the delivery hangs.
      await waitFor(() => (receiver.calls.length > 0 ? true : undefined));
      const t0 = performance.now();
      const list = await events(hook.id);
      expect(performance.now() - t0).toBeLessThan(1000);
      const log = await waitFor(async () => {
        const l = await attemptsOf(hook.id, list[0]!.id);
        return l.attempts.length > 0 ? l : undefined;
      });
      expect(log.attempts[0]).toMatchObject({ statusCode: null, error: 'timeout' });
      expect(log.attempts[0]!.durationMs).toBeGreaterThanOrEqual(4900);
      expect(log.attempts[0]!.durationMs).toBeLessThan(5800);
      expect(Date.now() - started).toBeLessThan(6000);
    } finally {
      await pause(hook.id);
      await receiver.close();
    }
  });

  it('records connection refused', async () => {
    const receiver = await startReceiver();
    const url = receiver.url;
    await receiver.close();
    const hook = await hookFor(url);
    try {
      emitOrderFinished(emu.context, finishedOrder(demoId));
      const [event] = await waitFor(async () => {
        const list = await events(hook.id);
        return list[0]?.status === 'FAILED' ? list : undefined;
      });
      expect(event!.retries).toBe(3);
      const log = await attemptsOf(hook.id, event!.id);
      expect(log.attempts.map((a) => a.error)).toEqual(Array(4).fill('connection refused'));
    } finally {
      await pause(hook.id);
    }
  });
});

describe('built-in test receiver', () => {
  it('records deliveries with signatureValid and answers with the configured status', async () => {
    const url = `${emu.url}/_emulator/receivers/demo-rx`;
    const hook = await hookFor(url);
    try {
      emitOrderFinished(emu.context, finishedOrder(demoId));
      await waitFor(async () => ((await events(hook.id))[0]?.status === 'SENT' ? true : undefined));

      const forged = await emu.request('POST', '/_emulator/receivers/demo-rx', { body: { hello: 1 }, headers: { 'X-Service-Signature': '00' } });
      expect(forged.status).toBe(200);
      const nobody = await emu.request('POST', '/_emulator/receivers/nobody-rx', { body: { hello: 2 } });
      expect(nobody.status).toBe(200);

      const listed = await emu.request('GET', '/_emulator/receivers/demo-rx/requests', { token: demo });
      const data = receiverRequestsResponse.parse(listed.body.data);
      expect(data.requests.map((r) => r.signatureValid)).toEqual([false, true]);
      expect(data.requests[1]!.headers['x-service-event-id']).toBeTruthy();
      webhookPayload.parse(JSON.parse(data.requests[1]!.body));
      const other = await emu.request('GET', '/_emulator/receivers/nobody-rx/requests', { token: demo });
      expect(other.body.data.requests[0].signatureValid).toBeNull();

      // A second account sees the forged request (nobody's), never the demo account's delivery.
      const second = await emu.login(SECOND_ACCOUNT);
      const foreign = await emu.request('GET', '/_emulator/receivers/demo-rx/requests', { token: second });
      expect(foreign.body.data.requests.map((r: { signatureValid: boolean }) => r.signatureValid)).toEqual([false]);

      const config = await emu.request('PUT', '/_emulator/receivers/demo-rx/config', { token: demo, body: { status: 500 } });
      expect(config.body.data).toEqual({ name: 'demo-rx', status: 500, delayMs: 0 });
      emitOrderFinished(emu.context, finishedOrder(demoId));
      const failed = await waitFor(async () => {
        const list = await events(hook.id);
        return list[0]?.status === 'FAILED' ? list[0] : undefined;
      });
      const log = await attemptsOf(hook.id, failed.id);
      expect(log.attempts.map((a) => a.statusCode)).toEqual([500, 500, 500, 500]);

      const cleared = await emu.request('DELETE', '/_emulator/receivers/demo-rx/requests', { token: demo });
      expect(cleared.status).toBe(200);
      const after = await emu.request('GET', '/_emulator/receivers/demo-rx/requests', { token: demo });
      expect(after.body.data.requests).toHaveLength(0);
    } finally {
      await pause(hook.id);
    }
  });

  it('requires a sign-in to configure or read, and validates the config', async () => {
    expect((await emu.request('PUT', '/_emulator/receivers/x/config', { body: { status: 500 } })).status).toBe(401);
    expect((await emu.request('GET', '/_emulator/receivers/x/requests')).status).toBe(401);
    expect((await emu.request('DELETE', '/_emulator/receivers/x/requests')).status).toBe(401);
    const bad = await emu.request('PUT', '/_emulator/receivers/x/config', { token: demo, body: { status: 42 } });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badName = await emu.request('POST', `/_emulator/receivers/${'n'.repeat(65)}`, { body: {} });
    expect([badName.status, badName.body.code]).toEqual([400, 'INVALID_PARAMETER']);
  });
});
