import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './harness';
import { expiresAtOf, fixture, newKey, put } from './orders-helpers';

let emu: TestEmulator;
let token: string;

beforeAll(async () => {
  emu = await startTestEmulator({ uploadUrlTtlSeconds: 2, uploadMaxBytes: 200_000 });
  token = await emu.login();
});
afterAll(async () => {
  await emu.close();
});

const newOrder = async () =>
  (await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: [{ fileName: 'a.png' }] } })).body.data;
const isUploaded = (orderId: string) =>
  !!(emu.context.db.prepare('SELECT uploaded_at FROM order_files WHERE order_id = ?').get(orderId) as { uploaded_at: string | null }).uploaded_at;

describe('presigned upload URLs', () => {
  it('take a PUT without Authorization, and allow a browser PUT with Content-Type (CORS)', async () => {
    const order = await newOrder();
    const preflight = await fetch(order.files[0].uploadUrl, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect((await put(order.files[0].uploadUrl, fixture('coins.png'))).status).toBe(200);
    expect(isUploaded(order.orderId)).toBe(true);
  });

  it('refuse a tampered URL with UPLOAD_URL_INVALID', async () => {
    const order = await newOrder();
    const url = new URL(order.files[0].uploadUrl);
    const sig = url.searchParams.get('X-Amz-Signature')!;
    const variants = [
      (u: URL) => u.searchParams.set('X-Amz-Signature', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1)),
      (u: URL) => u.searchParams.set('X-Amz-Expires', String(Number(u.searchParams.get('X-Amz-Expires')) + 3600)),
      (u: URL) => (u.pathname = u.pathname.replace('a.png', 'b.png')),
      (u: URL) => u.searchParams.delete('X-Amz-Signature'),
    ];
    for (const change of variants) {
      const copy = new URL(url);
      change(copy);
      const res = await put(copy.toString(), fixture('coins.png'));
      expect([res.status, res.body.code]).toEqual([403, 'UPLOAD_URL_INVALID']);
    }
    expect(isUploaded(order.orderId)).toBe(false);
  });

  it('expire after the configured lifetime with UPLOAD_URL_EXPIRED; refresh-urls issues a working one', async () => {
    const order = await newOrder();
    const expiresAt = expiresAtOf(order.files[0].uploadUrl);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(2000);
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt - Date.now() + 50)));
    const res = await put(order.files[0].uploadUrl, fixture('coins.png'));
    expect([res.status, res.body.code]).toEqual([403, 'UPLOAD_URL_EXPIRED']);
    const refreshed = await emu.request('POST', `/api/v2/orders/${order.orderId}/refresh-urls`, { token });
    expect((await put(refreshed.body.data.files[0].uploadUrl, fixture('coins.png'))).status).toBe(200);
  });

  it('refuse a file over the size cap with 413 PAYLOAD_TOO_LARGE, streamed or announced', async () => {
    const order = await newOrder();
    const res = await put(order.files[0].uploadUrl, fixture('chelsea.png'));
    expect([res.status, res.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const streamed = await fetch(order.files[0].uploadUrl, {
      method: 'PUT',
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(60_000));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect([streamed.status, (await streamed.json()).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(isUploaded(order.orderId)).toBe(false);
  });
});

describe('presigned GET URLs', () => {
  it('refuse tampered download links', async () => {
    const order = await newOrder();
    const query = `X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20991231T000000Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=${'0'.repeat(64)}`;
    const res = await fetch(`${emu.url}/storage/downloads/${order.orderId}.zip?${query}`);
    expect([res.status, (await res.json()).code]).toEqual([403, 'DOWNLOAD_URL_INVALID']);
  });
});

describe('fault injection', () => {
  it('answers every upload 500 STORAGE_FAULT_INJECTED at rate 1 and stores nothing', async () => {
    const faulty = await startTestEmulator({ faultUploadRate: 1 });
    try {
      const t = await faulty.login();
      const order = (await faulty.request('POST', '/api/v2/orders/anti-ai', { token: t, body: { idempotencyKey: newKey(), files: [{ fileName: 'a.png' }] } })).body.data;
      const res = await put(order.files[0].uploadUrl, fixture('coins.png'));
      expect([res.status, res.body.code]).toEqual([500, 'STORAGE_FAULT_INJECTED']);
      const confirm = await faulty.request('POST', '/api/v2/orders/anti-ai/confirm', { token: t, body: { idempotencyKey: newKey(), orderId: order.orderId } });
      expect(confirm.body.code).toBe('ORDER_FILE_NOT_UPLOADED');
    } finally {
      await faulty.close();
    }
  });
});
