import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAttemptsResponse } from '../../src/api/schemas/emulator';
import { listEventsResponse, listWebhooksResponse, webhook as webhookSchema } from '../../src/api/schemas/webhooks';
import { findAccountByEmail } from '../domain/accounts';
import { emitOrderFinished, finishedOrder, waitFor } from './emit-order-finished';
import { DEMO_ACCOUNT, SECOND_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';

let emu: TestEmulator;
let demo: string;
let second: string;
let demoId: number;
beforeAll(async () => {
  emu = await startTestEmulator({ webhookRetryDelaysMs: [10, 10, 10] });
  demo = await emu.login(DEMO_ACCOUNT);
  second = await emu.login(SECOND_ACCOUNT);
  demoId = findAccountByEmail(emu.context.db, DEMO_ACCOUNT.email)!.id;
});
afterAll(async () => {
  await emu.close();
});

const BASE = '/api/v2/orders/webhooks';

async function create(name: string, url: string, token = demo) {
  const res = await emu.request('POST', BASE, { token, body: { name, url } });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; name: string; secret: string };
}

describe('webhook CRUD', () => {
  it('creates a webhook with a whsec_ secret and shows it in detail and list', async () => {
    const created = await create('Orders hook', 'https://example.com/hooks/orders');
    expect(created.name).toBe('Orders hook');
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);

    const detail = await emu.request('GET', `${BASE}/${created.id}`, { token: demo });
    expect(detail.status).toBe(200);
    const hook = webhookSchema.parse(detail.body.data);
    expect(hook).toMatchObject({ id: created.id, url: 'https://example.com/hooks/orders', secret: created.secret, isActive: true });

    const list = await emu.request('GET', BASE, { token: demo });
    const parsed = listWebhooksResponse.parse(list.body.data);
    expect(parsed.webhooks.find((w) => w.id === created.id)).toMatchObject({ name: 'Orders hook', lastSentAt: null });
    expect(parsed.pagination).toMatchObject({ page: 1, limit: 10 });
  });

  it('rejects bad names and urls with VALIDATION_FAILED naming the field', async () => {
    const cases = [
      { body: { name: '', url: 'https://a.example' }, path: 'name' },
      { body: { name: 'x'.repeat(101), url: 'https://a.example' }, path: 'name' },
      { body: { name: 'ok', url: 'ftp://a.example' }, path: 'url' },
      { body: { name: 'ok', url: 'not a url' }, path: 'url' },
      { body: { name: 'ok' }, path: 'url' },
    ];
    for (const { body, path } of cases) {
      const res = await emu.request('POST', BASE, { token: demo, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const ok = await emu.request('POST', BASE, { token: demo, body: { name: 'x'.repeat(100), url: 'http://a.example' } });
    expect(ok.status).toBe(200);
  });

  it('updates name, url and isActive, and rejects an empty or bad update', async () => {
    const created = await create('Before', 'https://before.example/h');
    const res = await emu.request('PUT', `${BASE}/${created.id}`, {
      token: demo,
      body: { name: 'After', url: 'https://after.example/h', isActive: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: created.id, name: 'After', url: 'https://after.example/h', isActive: false });
    expect(typeof res.body.data.updatedAt).toBe('string');

    const empty = await emu.request('PUT', `${BASE}/${created.id}`, { token: demo, body: {} });
    expect([empty.status, empty.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const bad = await emu.request('PUT', `${BASE}/${created.id}`, { token: demo, body: { isActive: 'yes' } });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('filters the list by keyword over name and url, and pages it', async () => {
    const token = second;
    for (let i = 1; i <= 12; i++) await create(`Batch ${i}`, `https://batch.example/${i}`, token);
    await create('Special', 'https://unique-host.example/x', token);

    const byName = await emu.request('GET', `${BASE}?keyword=special`, { token });
    expect(byName.body.data.webhooks.map((w: { name: string }) => w.name)).toEqual(['Special']);
    const byUrl = await emu.request('GET', `${BASE}?keyword=unique-host`, { token });
    expect(byUrl.body.data.webhooks).toHaveLength(1);
    const literal = await emu.request('GET', `${BASE}?keyword=${encodeURIComponent('%')}`, { token });
    expect(literal.body.data.webhooks).toHaveLength(0);

    const page2 = await emu.request('GET', `${BASE}?keyword=batch&page=2&limit=10`, { token });
    expect(page2.body.data.pagination).toEqual({ page: 2, limit: 10, total: 12, totalPages: 2 });
    expect(page2.body.data.webhooks).toHaveLength(2);

    for (const query of ['page=0', 'limit=0', 'limit=101', 'page=x']) {
      const res = await emu.request('GET', `${BASE}?${query}`, { token });
      expect([res.status, res.body.code]).toEqual([400, 'INVALID_PARAMETER']);
    }
  });

  it('deletes a webhook together with its events', async () => {
    const created = await create('Doomed', 'http://127.0.0.1:1/unreachable');
    emitOrderFinished(emu.context, finishedOrder(demoId));
    await waitFor(async () => {
      const res = await emu.request('GET', `${BASE}/${created.id}/events`, { token: demo });
      return res.body.data.events.length > 0 ? true : undefined;
    });
    const del = await emu.request('DELETE', `${BASE}/${created.id}`, { token: demo });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ data: null });
    expect((await emu.request('GET', `${BASE}/${created.id}`, { token: demo })).status).toBe(404);
    const rows = emu.context.db.prepare('SELECT COUNT(*) AS n FROM webhook_events WHERE webhook_id = ?').get(created.id) as { n: number };
    expect(rows.n).toBe(0);
  });

  it('answers non-integer and unknown ids with WEBHOOK_NOT_FOUND and unknown events with RESOURCE_NOT_FOUND', async () => {
    for (const id of ['abc', '0', '1.5', '99999']) {
      const res = await emu.request('GET', `${BASE}/${id}`, { token: demo });
      expect([res.status, res.body.code]).toEqual([404, 'WEBHOOK_NOT_FOUND']);
    }
    const created = await create('Events', 'https://e.example/h');
    for (const eventId of ['99999', 'x']) {
      const res = await emu.request('POST', `${BASE}/${created.id}/events/${eventId}/retry`, { token: demo });
      expect([res.status, res.body.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    }
  });

  it('needs a sign-in', async () => {
    expect((await emu.request('GET', BASE)).status).toBe(401);
    expect((await emu.request('GET', '/_emulator/webhooks/1/events/1/attempts')).status).toBe(401);
  });
});

describe('isolation between accounts', () => {
  it("never shows one account's webhook, events or attempts to another", async () => {
    const hook = await create('Private', 'http://127.0.0.1:1/private');
    emitOrderFinished(emu.context, finishedOrder(demoId));
    const events = await waitFor(async () => {
      const res = await emu.request('GET', `${BASE}/${hook.id}/events`, { token: demo });
      const parsed = listEventsResponse.parse(res.body.data);
      return parsed.events.length > 0 ? parsed.events : undefined;
    });
    const eventId = events[0]!.id;
    const own = await emu.request('GET', `/_emulator/webhooks/${hook.id}/events/${eventId}/attempts`, { token: demo });
    expect(own.status).toBe(200);
    deliveryAttemptsResponse.parse(own.body.data);

    const attempts = [
      ['GET', `${BASE}/${hook.id}`],
      ['PUT', `${BASE}/${hook.id}`],
      ['DELETE', `${BASE}/${hook.id}`],
      ['GET', `${BASE}/${hook.id}/events`],
      ['POST', `${BASE}/${hook.id}/events/${eventId}/retry`],
      ['POST', `${BASE}/${hook.id}/events/retry-failed`],
      ['GET', `/_emulator/webhooks/${hook.id}/events/${eventId}/attempts`],
    ] as const;
    for (const [method, path] of attempts) {
      const body = method === 'PUT' ? { name: 'stolen' } : method === 'POST' ? { fromDate: '2026-01-01', toDate: '2026-01-02' } : undefined;
      const res = await emu.request(method, path, { token: second, body });
      expect([method, path, res.status, res.body.code]).toEqual([method, path, 404, 'WEBHOOK_NOT_FOUND']);
    }
    const list = await emu.request('GET', BASE, { token: second });
    expect(list.body.data.webhooks.map((w: { id: number }) => w.id)).not.toContain(hook.id);
    expect((await emu.request('GET', `${BASE}/${hook.id}`, { token: demo })).body.data.name).toBe('Private');
  });

  it("sends a finished order only to its own account's webhooks", async () => {
    const secondHook = await create('Second only', 'http://127.0.0.1:1/second', second);
    emitOrderFinished(emu.context, finishedOrder(demoId));
    // The demo event above is stored synchronously; the second account's webhook got nothing.
    const res = await emu.request('GET', `${BASE}/${secondHook.id}/events`, { token: second });
    expect(res.body.data.events).toHaveLength(0);
  });
});
