import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOrdersResponse } from '../../src/api/schemas/event-orders';
import { DEMO_ACCOUNT, SECOND_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';

let emu: TestEmulator;
let demo: string;
let second: string;
beforeAll(async () => {
  emu = await startTestEmulator({ testRoutes: true });
  demo = await emu.login(DEMO_ACCOUNT);
  second = await emu.login(SECOND_ACCOUNT);
});
afterAll(async () => {
  await emu.close();
});

describe('GET /_emulator/webhooks/:id/event-orders', () => {
  it('names the order of each delivery from its payload, for the owner only', async () => {
    const created = await emu.request('POST', '/api/v2/orders/webhooks', { token: demo, body: { name: 'Orders', url: 'http://127.0.0.1:9/never' } });
    const hookId = created.body.data.id as number;
    const at = new Date(Date.now() - 60_000).toISOString();
    const made = await emu.request('POST', `/_emulator/webhooks/${hookId}/test-events`, { token: demo, body: { createdAt: [at, at] } });
    const ids = (made.body.data.events as { id: number }[]).map((e) => e.id);

    const res = await emu.request('GET', `/_emulator/webhooks/${hookId}/event-orders?ids=${ids.join(',')},999999`, { token: demo });
    expect(res.status).toBe(200);
    const { orders } = eventOrdersResponse.parse(res.body.data);
    // An id of no event of this webhook is left out.
    expect(orders.map((o) => o.eventId)).toEqual(ids);
    for (const o of orders) {
      expect(o.orderId).toMatch(/^ord_/);
      expect(o.orderName).toBe(`Test delivery ${at}`);
    }

    const other = await emu.request('GET', `/_emulator/webhooks/${hookId}/event-orders?ids=${ids[0]}`, { token: second });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('WEBHOOK_NOT_FOUND');
    for (const bad of ['', '?ids=', '?ids=a,b', `?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`]) {
      const refused = await emu.request('GET', `/_emulator/webhooks/${hookId}/event-orders${bad}`, { token: demo });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.code).toBe('INVALID_PARAMETER');
    }
  });
});
