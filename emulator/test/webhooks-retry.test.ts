import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAttemptsResponse } from '../../src/api/schemas/emulator';
import { listEventsResponse, retryEventResponse, retryFailedResponse, type DeliveryEvent } from '../../src/api/schemas/webhooks';
import { findAccountByEmail } from '../domain/accounts';
import { emitOrderFinished, finishedOrder, waitFor } from './emit-order-finished';
import { DEMO_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';
import { startReceiver } from './test-receiver';

const BASE = '/api/v2/orders/webhooks';
const today = () => new Date().toISOString().slice(0, 10);

let emu: TestEmulator;
let token: string;
let accountId: number;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let answer = 500;
let hookId: number;

beforeAll(async () => {
  receiver = await startReceiver(() => ({ status: answer }));
  emu = await startTestEmulator({ webhookRetryDelaysMs: [5, 5, 5] });
  token = await emu.login(DEMO_ACCOUNT);
  accountId = findAccountByEmail(emu.context.db, DEMO_ACCOUNT.email)!.id;
  hookId = (await emu.request('POST', BASE, { token, body: { name: 'Retry', url: receiver.url } })).body.data.id;
});
afterAll(async () => {
  await emu.close();
  await receiver.close();
});

async function allEvents(): Promise<DeliveryEvent[]> {
  const res = await emu.request('GET', `${BASE}/${hookId}/events?limit=100`, { token });
  return listEventsResponse.parse(res.body.data).events;
}

/** Emits n orders and waits until every event of the webhook has settled (SENT or FAILED). */
async function emitAndSettle(n: number): Promise<DeliveryEvent[]> {
  for (let i = 0; i < n; i++) emitOrderFinished(emu.context, finishedOrder(accountId));
  return waitFor(async () => {
    const list = await allEvents();
    return list.every((e) => e.status === 'SENT' || e.status === 'FAILED') ? list : undefined;
  });
}

describe('retrying one event', () => {
  it('leaves a FAILED event FAILED when the retry fails, and makes it SENT when it succeeds', async () => {
    answer = 500;
    const [event] = await emitAndSettle(1);
    expect(event).toMatchObject({ status: 'FAILED', retries: 3 });
    const calls = receiver.calls.length;

    const failedRetry = await emu.request('POST', `${BASE}/${hookId}/events/${event!.id}/retry`, { token });
    expect(failedRetry.status).toBe(200);
    expect(retryEventResponse.parse(failedRetry.body.data)).toEqual({ event_id: event!.eventId, success: false, status_code: 500, status: 'FAILED' });
    expect(receiver.calls.length).toBe(calls + 1);
    expect((await allEvents()).find((e) => e.id === event!.id)!.status).toBe('FAILED');

    answer = 200;
    const okRetry = await emu.request('POST', `${BASE}/${hookId}/events/${event!.id}/retry`, { token });
    expect(okRetry.body.data).toEqual({ event_id: event!.eventId, success: true, status_code: 200, status: 'SENT' });
    const after = (await allEvents()).find((e) => e.id === event!.id)!;
    expect(after).toMatchObject({ status: 'SENT', retries: 5 });
    const log = deliveryAttemptsResponse.parse(
      (await emu.request('GET', `/_emulator/webhooks/${hookId}/events/${event!.id}/attempts`, { token })).body.data,
    );
    expect(log.attempts.map((a) => a.statusCode)).toEqual([500, 500, 500, 500, 500, 200]);

    // A SENT event is not retryable.
    const again = await emu.request('POST', `${BASE}/${hookId}/events/${event!.id}/retry`, { token });
    expect([again.status, again.body.code]).toEqual([422, 'EVENT_NOT_RETRYABLE']);
  });
});

describe('retry-failed', () => {
  it('rejects a bad or too wide range with 422 VALIDATION_FAILED', async () => {
    const bodies = [
      { fromDate: '2026-01-01', toDate: '2026-01-09' },
      { fromDate: '2026-01-05', toDate: '2026-01-01' },
      { fromDate: '2026-02-30', toDate: '2026-03-01' },
      { fromDate: 'yesterday', toDate: '2026-01-01' },
      {},
    ];
    for (const body of bodies) {
      const res = await emu.request('POST', `${BASE}/${hookId}/events/retry-failed`, { token, body });
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 422, 'VALIDATION_FAILED']);
    }
    const sevenDays = await emu.request('POST', `${BASE}/${hookId}/events/retry-failed`, {
      token,
      body: { fromDate: '2026-01-01', toDate: '2026-01-08' },
    });
    expect(sevenDays.status).toBe(200);
    expect(sevenDays.body.data).toEqual({ total: 0, succeeded: 0, failed: 0 });
  });

  it('re-sends at most 50 failed events of the range per call', async () => {
    answer = 500;
    await emitAndSettle(55);
    const failedBefore = (await allEvents()).filter((e) => e.status === 'FAILED').length;
    expect(failedBefore).toBeGreaterThanOrEqual(55);

    answer = 200;
    const res = await emu.request('POST', `${BASE}/${hookId}/events/retry-failed`, { token, body: { fromDate: today(), toDate: today() } });
    expect(res.status).toBe(200);
    expect(retryFailedResponse.parse(res.body.data)).toEqual({ total: 50, succeeded: 50, failed: 0 });
    expect((await allEvents()).filter((e) => e.status === 'FAILED')).toHaveLength(failedBefore - 50);

    const outside = await emu.request('POST', `${BASE}/${hookId}/events/retry-failed`, {
      token,
      body: { fromDate: '2020-01-01', toDate: '2020-01-02' },
    });
    expect(outside.body.data).toEqual({ total: 0, succeeded: 0, failed: 0 });

    answer = 500;
    const rest = await emu.request('POST', `${BASE}/${hookId}/events/retry-failed`, { token, body: { fromDate: today(), toDate: today() } });
    expect(rest.body.data).toEqual({ total: failedBefore - 50, succeeded: 0, failed: failedBefore - 50 });
  });
});

describe('events listing', () => {
  it('lists newest first and pages within bounds', async () => {
    const list = await allEvents();
    expect(list.length).toBeGreaterThan(50);
    const ids = list.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const page = await emu.request('GET', `${BASE}/${hookId}/events`, { token });
    expect(page.body.data.events).toHaveLength(20);
    const total = page.body.data.pagination.total as number;
    expect(page.body.data.pagination).toEqual({ page: 1, limit: 20, total, totalPages: Math.ceil(total / 20) });
    const p2 = await emu.request('GET', `${BASE}/${hookId}/events?page=2&limit=5`, { token });
    expect(p2.body.data.events.map((e: DeliveryEvent) => e.id)).toEqual(ids.slice(5, 10));

    for (const query of ['page=0', 'page=-1', 'limit=0', 'limit=101', 'limit=abc']) {
      const res = await emu.request('GET', `${BASE}/${hookId}/events?${query}`, { token });
      expect([query, res.status, res.body.code]).toEqual([query, 400, 'INVALID_PARAMETER']);
    }
  });
});
