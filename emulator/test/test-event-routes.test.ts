import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEventsResponse } from '../../src/api/schemas/emulator';
import { listEventsResponse, retryFailedResponse } from '../../src/api/schemas/webhooks';
import { DEMO_ACCOUNT, SECOND_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';

/** The test-only route that makes finished deliveries at past times (docs/decisions/webhooks.md). */
const BASE = '/api/v2/orders/webhooks';
const DAY = 86_400_000;

let withRoutes: TestEmulator;
let without: TestEmulator;
beforeAll(async () => {
  [withRoutes, without] = await Promise.all([startTestEmulator({ testRoutes: true }), startTestEmulator()]);
});
afterAll(async () => {
  await Promise.all([withRoutes.close(), without.close()]);
});

const seedPath = (id: number) => `/_emulator/webhooks/${id}/test-events`;

async function hookOf(emu: TestEmulator, token: string): Promise<number> {
  // An address nobody answers: the made events are final, so nothing is ever sent to it.
  const created = await emu.request('POST', BASE, { token, body: { name: 'Back-dated', url: 'http://127.0.0.1:9/hook' } });
  return created.body.data.id as number;
}

const list = async (emu: TestEmulator, token: string, id: number) =>
  listEventsResponse.parse((await emu.request('GET', `${BASE}/${id}/events?limit=100`, { token })).body.data);

describe('POST /_emulator/webhooks/:id/test-events (test-only)', () => {
  it('makes finished events at the given times, listed newest first and never sent', async () => {
    const token = await withRoutes.login(SECOND_ACCOUNT);
    const id = await hookOf(withRoutes, token);
    const old = new Date(Date.now() - 10 * DAY);
    const older = new Date(old.getTime() - 2 * DAY);
    const failed = await withRoutes.request('POST', seedPath(id), { token, body: { createdAt: [old.toISOString(), older.toISOString()] } });
    expect(failed.status).toBe(200);
    // Sorted by time, so ids follow creation.
    expect(testEventsResponse.parse(failed.body.data).events.map((e) => e.createdAt)).toEqual([older.toISOString(), old.toISOString()]);
    const recent = new Date(Date.now() - 1000).toISOString();
    await withRoutes.request('POST', seedPath(id), { token, body: { createdAt: [recent], status: 'SENT', eventType: 'order.watermarkEmbed.completed' } });

    const events = (await list(withRoutes, token, id)).events;
    expect(events.map((e) => [e.status, e.eventType, e.retries, e.createdAt])).toEqual([
      ['SENT', 'order.watermarkEmbed.completed', 0, recent],
      ['FAILED', 'order.antiAi.completed', 3, old.toISOString()],
      ['FAILED', 'order.antiAi.completed', 3, older.toISOString()],
    ]);
    const attempts = await withRoutes.request('GET', `/_emulator/webhooks/${id}/events/${events[0]!.id}/attempts`, { token });
    expect(attempts.body.data).toMatchObject({ attempts: [], nextAttemptAt: null });
  });

  it('makes failures that retry-failed finds by their UTC day', async () => {
    const token = await withRoutes.login(DEMO_ACCOUNT);
    const id = await hookOf(withRoutes, token);
    const old = new Date(Date.now() - 10 * DAY);
    await withRoutes.request('POST', seedPath(id), { token, body: { createdAt: [old.toISOString(), new Date(old.getTime() - 2 * DAY).toISOString()] } });
    const day = old.toISOString().slice(0, 10);
    const retried = await withRoutes.request('POST', `${BASE}/${id}/events/retry-failed`, { token, body: { fromDate: day, toDate: day } });
    expect(retryFailedResponse.parse(retried.body.data)).toEqual({ total: 1, succeeded: 0, failed: 1 });
  });

  it('is for the webhook owner only, refuses future times and bad bodies, and makes nothing then', async () => {
    const second = await withRoutes.login(SECOND_ACCOUNT);
    const demo = await withRoutes.login(DEMO_ACCOUNT);
    const id = await hookOf(withRoutes, second);
    const body = { createdAt: [new Date(Date.now() - DAY).toISOString()] };
    const foreign = await withRoutes.request('POST', seedPath(id), { token: demo, body });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'WEBHOOK_NOT_FOUND']);
    expect((await withRoutes.request('POST', seedPath(id), { body })).status).toBe(401);
    const future = await withRoutes.request('POST', seedPath(id), { token: second, body: { createdAt: [new Date(Date.now() + DAY).toISOString()] } });
    expect([future.status, future.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    for (const bad of [{}, { createdAt: [] }, { createdAt: ['yesterday'] }, { ...body, status: 'PENDING' }, { createdAt: Array(1001).fill(body.createdAt[0]) }]) {
      expect((await withRoutes.request('POST', seedPath(id), { token: second, body: bad })).body.code).toBe('VALIDATION_FAILED');
    }
    expect((await list(withRoutes, second, id)).pagination.total).toBe(0);
  });

  it('does not exist unless EMULATOR_TEST_ROUTES=1', async () => {
    const token = await without.login(SECOND_ACCOUNT);
    const id = await hookOf(without, token);
    expect((await without.request('POST', seedPath(id), { token, body: { createdAt: [new Date().toISOString()] } })).status).toBe(404);
  });
});
