import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';
import { fixture, newKey, put, waitForStatus } from './orders-helpers';

let emu: TestEmulator;
let token: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  token = await emu.login();
});
afterAll(async () => {
  await emu.close();
});

const countOrders = () => (emu.context.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;

describe('idempotency keys', () => {
  it('answers the same key with the original result and creates nothing twice', async () => {
    const key = newKey();
    const body = { idempotencyKey: key, orderName: 'Once', files: [{ fileName: 'a.png' }] };
    const first = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body });
    const before = countOrders();
    const second = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { ...body, orderName: 'Different body' } });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(countOrders()).toBe(before);
    const list = await emu.request('GET', '/api/v2/orders?keyword=Once', { token });
    expect(list.body.data.orders).toHaveLength(1);
  });

  it('creates one order for concurrent duplicates', async () => {
    const key = newKey();
    const before = countOrders();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        emu.request('POST', '/api/v2/orders/wtr-embed', { token, body: { idempotencyKey: key, files: [{ fileName: 'a.png', watermarks: [{ text: 'x' }] }] } }),
      ),
    );
    expect(new Set(answers.map((a) => a.body.data.orderId)).size).toBe(1);
    expect(countOrders()).toBe(before + 1);
  });

  it('scopes keys to the endpoint and the account', async () => {
    const key = newKey();
    const embed = await emu.request('POST', '/api/v2/orders/wtr-embed', { token, body: { idempotencyKey: key, files: [{ fileName: 'a.png', watermarks: [{ text: 'x' }] }] } });
    const extract = await emu.request('POST', '/api/v2/orders/wtr-extract', { token, body: { idempotencyKey: key, file: { fileName: 'a.png' } } });
    expect(extract.body.data.orderId).not.toBe(embed.body.data.orderId);
    const other = await emu.login(SECOND_ACCOUNT);
    const theirs = await emu.request('POST', '/api/v2/orders/wtr-embed', { token: other, body: { idempotencyKey: key, files: [{ fileName: 'a.png', watermarks: [{ text: 'x' }] }] } });
    expect(theirs.body.data.orderId).not.toBe(embed.body.data.orderId);
  });

  it('replays a confirm with the same key instead of ORDER_ALREADY_CONFIRMED, also after a restart', async () => {
    const created = (await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: [{ fileName: 'coins.png' }] } })).body.data;
    await put(created.files[0].uploadUrl, fixture('coins.png'));
    const confirmKey = newKey();
    const confirm = () => emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token, body: { idempotencyKey: confirmKey, orderId: created.orderId } });
    expect((await confirm()).status).toBe(200);
    expect((await confirm()).body).toEqual({ data: null });
    await waitForStatus(emu, token, created.orderId, ['complete']);

    const createKey = newKey();
    const body = { idempotencyKey: createKey, files: [{ fileName: 'b.png' }] };
    const first = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body });
    emu = await emu.restart();
    token = await emu.login();
    expect((await confirm()).status).toBe(200);
    const replay = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body });
    expect(replay.body.data.orderId).toBe(first.body.data.orderId);
  });
});
