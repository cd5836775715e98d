import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOrdersResponse, order as orderSchema } from '../../src/api/schemas/orders';
import { statsResponse } from '../../src/api/schemas/stats';
import { addUsage, createAccount } from '../domain/accounts';
import { startTestEmulator, type TestEmulator } from './harness';
import { fixture, newKey, put, waitForStatus, type Json } from './orders-helpers';

// Answers that once differed from the public specification and the interface document (issue 15).
let emu: TestEmulator;
let token: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  token = await emu.login();
});
afterAll(async () => {
  await emu.close();
});

async function newAccount(email: string): Promise<{ id: number; token: string }> {
  const account = { email, password: 'pass1234' };
  const { id } = createAccount(emu.context.db, { ...account, planType: 'pro', planStart: new Date('2025-01-01'), planEnd: null, usageLimit: 100_000 });
  return { id, token: await emu.login(account) };
}

describe('GET /api/v2/orders?limit=-1', () => {
  it('serves every matching order, newest first, across read batches, with pageInfo saying it is all', async () => {
    const own = await newAccount('all-orders@example.com');
    const created: string[] = [];
    for (let i = 0; i < 230; i++) {
      const name = i % 3 === 0 ? `third ${i}` : `other ${i}`;
      const res = await emu.request('POST', '/api/v2/orders/anti-ai', { token: own.token, body: { idempotencyKey: newKey(), orderName: name, files: [{ fileName: 'x.png' }] } });
      expect(res.status).toBe(200);
      created.push(res.body.data.orderId);
    }
    const paged: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await emu.request('GET', `/api/v2/orders?limit=100&page=${page}`, { token: own.token });
      paged.push(...res.body.data.orders.map((o: Json) => o.orderId));
    }

    const all = await emu.request('GET', '/api/v2/orders?limit=-1', { token: own.token });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toContain('application/json');
    const list = listOrdersResponse.parse(all.body.data);
    expect(list.orders.map((o) => o.orderId)).toEqual(paged);
    expect(new Set(paged)).toEqual(new Set(created));
    expect(list.pageInfo).toEqual({ totalItems: 230, totalPages: 1, currentPage: 1, itemsPerPage: -1 });

    const filtered = await emu.request('GET', '/api/v2/orders?limit=-1&keyword=third', { token: own.token });
    expect(filtered.body.data.orders).toHaveLength(77);
    expect(filtered.body.data.orders.every((o: Json) => o.orderName.startsWith('third'))).toBe(true);
    expect(filtered.body.data.pageInfo.totalItems).toBe(77);

    const none = await emu.request('GET', '/api/v2/orders?limit=-1&status=failed', { token: own.token });
    expect(none.body.data).toEqual({ orders: [], pageInfo: { totalItems: 0, totalPages: 0, currentPage: 1, itemsPerPage: -1 } });
  }, 60_000);

  it('still refuses other limits outside 1 to 100', async () => {
    for (const limit of ['-2', '0', '101', 'all']) {
      const res = await emu.request('GET', `/api/v2/orders?limit=${limit}`, { token });
      expect([res.status, res.body.code]).toEqual([400, 'INVALID_PARAMETER']);
    }
  });
});

describe('GET /api/v2/orders/stats/recent?date=', () => {
  it('takes a full ISO 8601 date-time as its UTC calendar day, and a plain date as before', async () => {
    const own = await newAccount('stats-iso@example.com');
    addUsage(emu.context.db, own.id, '2026-01-09', 4);
    addUsage(emu.context.db, own.id, '2026-01-10', 7);
    const last = async (date: string) => {
      const res = await emu.request('GET', `/api/v2/orders/stats/recent?date=${encodeURIComponent(date)}`, { token: own.token });
      expect(res.status, res.text).toBe(200);
      return statsResponse.parse(res.body.data).dailyStats.at(-1);
    };
    expect(await last('2026-01-10')).toEqual({ usageDate: '01.10', usageCount: 7 });
    expect(await last('2026-01-10T00:00:00.000Z')).toEqual({ usageDate: '01.10', usageCount: 7 });
    expect(await last('2026-01-10T23:59:59Z')).toEqual({ usageDate: '01.10', usageCount: 7 });
    expect(await last('2026-01-10T01:00:00+02:00')).toEqual({ usageDate: '01.09', usageCount: 4 });
  });

  it('refuses anything else with 400', async () => {
    for (const date of ['yesterday', '2026-02-31', '2026-02-31T00:00:00Z', '2026-01-10T00:00:00', '2026-01-10T25:00:00Z', '']) {
      const res = await emu.request('GET', `/api/v2/orders/stats/recent?date=${encodeURIComponent(date)}`, { token });
      expect([date, res.status, res.body.code]).toEqual([date, 400, 'INVALID_PARAMETER']);
    }
  });
});

describe('order detail and refresh-urls', () => {
  it('sends watermarks as an array for anti-AI and extract orders too', async () => {
    const anti = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: [{ fileName: 'a.png' }] } });
    const extract = await emu.request('POST', '/api/v2/orders/wtr-extract', { token, body: { idempotencyKey: newKey(), file: { fileName: 'b.png' } } });
    for (const orderId of [anti.body.data.orderId, extract.body.data.orderId]) {
      const detail = await emu.request('GET', `/api/v2/orders/${orderId}`, { token });
      expect(detail.body.data.watermarks).toEqual([]);
      orderSchema.parse(detail.body.data);
    }
    await put(extract.body.data.file.uploadUrl, fixture('coins.png'));
    const done = await waitForStatus(emu, token, extract.body.data.orderId, ['detected', 'undetected', 'failed']);
    expect(done.watermarks).toEqual([]);
  });

  it('answers fileId as a string in refresh-urls of an extract order (an integer only at creation)', async () => {
    const created = await emu.request('POST', '/api/v2/orders/wtr-extract', {
      token,
      body: { idempotencyKey: newKey(), file: { fileName: 'c.png', includeOriginal: true, originalFile: { fileName: 'o.png' } } },
    });
    expect(typeof created.body.data.file.fileId).toBe('number');
    const refreshed = await emu.request('POST', `/api/v2/orders/${created.body.data.orderId}/refresh-urls`, { token });
    expect(refreshed.body.data.files).toHaveLength(2);
    expect(refreshed.body.data.files.map((f: Json) => f.fileId)).toEqual([String(created.body.data.file.fileId), String(created.body.data.file.originalFile.fileId)]);
  });
});

describe('POST /api/v2/orders/webhooks', () => {
  it('accepts a webhook with only a url and names it after the host', async () => {
    const res = await emu.request('POST', '/api/v2/orders/webhooks', { token, body: { url: 'https://hooks.example.com/imprint' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.name).toBe('hooks.example.com');
    const detail = await emu.request('GET', `/api/v2/orders/webhooks/${res.body.data.id}`, { token });
    expect(detail.body.data).toMatchObject({ name: 'hooks.example.com', url: 'https://hooks.example.com/imprint' });
  });

  it('still requires the url and refuses an explicit empty name', async () => {
    expect((await emu.request('POST', '/api/v2/orders/webhooks', { token, body: { name: 'x' } })).status).toBe(400);
    expect((await emu.request('POST', '/api/v2/orders/webhooks', { token, body: { name: ' ', url: 'https://a.example/' } })).status).toBe(400);
  });
});
