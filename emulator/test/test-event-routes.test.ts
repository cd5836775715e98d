import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEventsResponse } from '../../src/api/schemas/webhooks';
import { DEMO_ACCOUNT, SECOND_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';

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
  // An address nobody answers: the seeded events are final, so nothing is ever sent to it.
  const created = await emu.request('POST', '/api/v2/orders/webhooks', { token, body: { name: 'Seeded', url: 'http://127.0.0.1:9/hook' } });
  return created.body.data.id as number;
}

describe('POST /_emulator/webhooks/:id/test-events (test-only)', () => {
  it('inserts finished events that list newest first and are never sent', async () => {
    const token = await withRoutes.login(SECOND_ACCOUNT);
    const id = await hookOf(withRoutes, token);
    const createdAt = '2026-11-01T00:00:00.000Z';
    const old = await withRoutes.request('POST', seedPath(id), { token, body: { count: 3, status: 'FAILED', createdAt } });
    expect(old.status).toBe(200);
    await withRoutes.request('POST', seedPath(id), { token, body: { count: 2, status: 'SENT', eventType: 'order.watermarkEmbed.completed' } });
    const list = listEventsResponse.parse((await withRoutes.request('GET', `/api/v2/orders/webhooks/${id}/events?limit=100`, { token })).body.data);
    expect(list.pagination.total).toBe(5);
    expect(list.events.map((e) => [e.status, e.eventType])).toEqual([
      ['SENT', 'order.watermarkEmbed.completed'],
      ['SENT', 'order.watermarkEmbed.completed'],
      ['FAILED', 'order.antiAi.completed'],
      ['FAILED', 'order.antiAi.completed'],
      ['FAILED', 'order.antiAi.completed'],
    ]);
    expect(list.events.at(-1)!.createdAt).toBe(createdAt);
    expect(list.events.at(-1)!.eventId).toBe(old.body.data.eventIds[0]);
    const attempts = await withRoutes.request('GET', `/_emulator/webhooks/${id}/events/${list.events[0]!.id}/attempts`, { token });
    expect(attempts.body.data).toMatchObject({ attempts: [], nextAttemptAt: null });
  });

  it('is for the webhook owner only, and validates the body', async () => {
    const second = await withRoutes.login(SECOND_ACCOUNT);
    const demo = await withRoutes.login(DEMO_ACCOUNT);
    const id = await hookOf(withRoutes, second);
    expect((await withRoutes.request('POST', seedPath(id), { token: demo, body: { count: 1 } })).body.code).toBe('WEBHOOK_NOT_FOUND');
    expect((await withRoutes.request('POST', seedPath(id), { body: { count: 1 } })).status).toBe(401);
    expect((await withRoutes.request('POST', seedPath(id), { token: second, body: { count: 0 } })).body.code).toBe('VALIDATION_FAILED');
    expect((await withRoutes.request('POST', seedPath(id), { token: second, body: { count: 1, status: 'PENDING' } })).body.code).toBe('VALIDATION_FAILED');
  });

  it('does not exist unless EMULATOR_TEST_ROUTES=1', async () => {
    const token = await without.login(SECOND_ACCOUNT);
    const id = await hookOf(without, token);
    expect((await without.request('POST', seedPath(id), { token, body: { count: 1 } })).status).toBe(404);
  });
});
