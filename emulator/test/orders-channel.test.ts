import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';
import { newKey, type Json } from './orders-helpers';

let emu: TestEmulator;
let token: string;
let apiKey: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  token = await emu.login();
  apiKey = (await emu.request('POST', '/api/v2/auth/login', { body: DEMO_ACCOUNT })).body.user.apiKey;
});
afterAll(async () => {
  await emu.close();
});

/** One order of each creation endpoint, as the given credential. */
async function createEach(credential: string, tag: string): Promise<string[]> {
  const bodies: Array<[string, Json]> = [
    ['/api/v2/orders/anti-ai', { idempotencyKey: newKey(), orderName: `${tag} upload`, files: [{ fileName: 'a.png' }] }],
    ['/api/v2/orders/anti-ai/with-urls', { idempotencyKey: newKey(), orderName: `${tag} urls`, files: [{ fileName: 'b.png', imageUrl: 'http://127.0.0.1:9/b.png' }], options: { strength: 'low' } }],
    ['/api/v2/orders/wtr-embed', { idempotencyKey: newKey(), files: [{ fileName: 'c.png', watermarks: [{ text: tag }] }] }],
    ['/api/v2/orders/wtr-extract', { idempotencyKey: newKey(), file: { fileName: 'd.png' } }],
  ];
  const ids: string[] = [];
  for (const [path, body] of bodies) {
    const res = await emu.request('POST', path, { token: credential, body });
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    ids.push(res.body.data.orderId);
  }
  return ids;
}

describe('order channel', () => {
  it("records 'web' for orders made with a sign-in token and 'api' for API-key calls, on every creation endpoint", async () => {
    const web = await createEach(token, 'web');
    const api = await createEach(apiKey, 'api');
    for (const [ids, channel] of [[web, 'web'], [api, 'api']] as const) {
      for (const id of ids) {
        const order = (await emu.request('GET', `/api/v2/orders/${id}`, { token })).body.data;
        expect(order.channel, `${order.type} ${order.orderName}`).toBe(channel);
      }
    }
    const listed = async (channel: string) =>
      ((await emu.request('GET', `/api/v2/orders?limit=100&channel=${channel}`, { token: apiKey })).body.data.orders as Json[]).map((o) => o.orderId).sort();
    expect(await listed('web')).toEqual([...web].sort());
    expect(await listed('api')).toEqual([...api].sort());
  });
});
