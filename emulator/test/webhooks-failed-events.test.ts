import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedEventsResponse } from '../../src/api/schemas/emulator';
import { listEventsResponse, retryFailedResponse } from '../../src/api/schemas/webhooks';
import { DEMO_ACCOUNT, SECOND_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';

/** The test-only route that makes FAILED deliveries at past times (docs/decisions/webhooks.md). */
const BASE = '/api/v2/orders/webhooks';
const DAY = 86_400_000;

let emu: TestEmulator;
let token: string;
let hookId: number;
const path = () => `/_emulator/webhooks/${hookId}/failed-events`;

beforeAll(async () => {
  emu = await startTestEmulator();
  token = await emu.login(DEMO_ACCOUNT);
  hookId = (await emu.request('POST', BASE, { token, body: { name: 'Back-dated', url: 'http://127.0.0.1:1/hook' } })).body.data.id;
});
afterAll(() => emu.close());

describe('POST /_emulator/webhooks/:id/failed-events', () => {
  it('makes FAILED events at the given times, listed in time order and found by retry-failed by their UTC day', async () => {
    const old = new Date(Date.now() - 10 * DAY);
    const older = new Date(old.getTime() - 2 * DAY);
    const res = await emu.request('POST', path(), { token, body: { createdAt: [old.toISOString(), older.toISOString()] } });
    expect(res.status).toBe(200);
    const made = failedEventsResponse.parse(res.body.data).events;
    expect(made.map((e) => e.createdAt)).toEqual([older.toISOString(), old.toISOString()]);

    const list = listEventsResponse.parse((await emu.request('GET', `${BASE}/${hookId}/events`, { token })).body.data);
    expect(list.events.map((e) => [e.status, e.retries, e.createdAt])).toEqual([
      ['FAILED', 3, old.toISOString()],
      ['FAILED', 3, older.toISOString()],
    ]);

    const day = old.toISOString().slice(0, 10);
    const retried = await emu.request('POST', `${BASE}/${hookId}/events/retry-failed`, { token, body: { fromDate: day, toDate: day } });
    expect(retryFailedResponse.parse(retried.body.data)).toEqual({ total: 1, succeeded: 0, failed: 1 });
  });

  it('is owner only and refuses future times and bad bodies', async () => {
    const before = listEventsResponse.parse((await emu.request('GET', `${BASE}/${hookId}/events`, { token })).body.data).pagination.total;
    const body = { createdAt: [new Date(Date.now() - DAY).toISOString()] };
    const other = await emu.login(SECOND_ACCOUNT);
    const foreign = await emu.request('POST', path(), { token: other, body });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'WEBHOOK_NOT_FOUND']);
    expect((await emu.request('POST', path(), { body })).status).toBe(401);
    const future = await emu.request('POST', path(), { token, body: { createdAt: [new Date(Date.now() + DAY).toISOString()] } });
    expect([future.status, future.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    for (const bad of [{}, { createdAt: [] }, { createdAt: ['yesterday'] }, { createdAt: Array(501).fill(body.createdAt[0]) }]) {
      expect((await emu.request('POST', path(), { token, body: bad })).body.code).toBe('VALIDATION_FAILED');
    }
    const after = listEventsResponse.parse((await emu.request('GET', `${BASE}/${hookId}/events`, { token })).body.data).pagination.total;
    expect(after).toBe(before);
  });
});
