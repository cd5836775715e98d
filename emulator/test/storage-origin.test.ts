import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../config';
import { presignUrl } from '../shared/presign';
import { startTestEmulator, type TestEmulator } from './harness';
import { expiresAtOf, fixture, newKey, waitForStatus } from './orders-helpers';

/**
 * Storage on its own origin (EMULATOR_STORAGE_PORT), answering as S3 does: the bucket's CORS rule, XML errors,
 * SigV4-shaped query parameters, a signed Content-Type. docs/decisions/storage-origin.md.
 */

const DASHBOARD = 'http://127.0.0.1:5173';
const OTHER = 'http://evil.example';

let emu: TestEmulator;
let token: string;

beforeAll(async () => {
  emu = await startTestEmulator({ storagePort: 0, storageCors: [DASHBOARD], uploadUrlTtlSeconds: 2, processingDelayMs: 0 });
  token = await emu.login();
});
afterAll(async () => {
  await emu.close();
});

const newOrder = async (fileName = 'a.png') =>
  (await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: [{ fileName }] } })).body.data as {
    orderId: string;
    files: { uploadUrl: string }[];
  };

const preflight = (url: string, origin: string, method = 'PUT', headers = 'content-type') =>
  fetch(url, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers } });

async function putFile(url: string, contentType: string, origin?: string) {
  const res = await fetch(url, {
    method: 'PUT',
    body: fixture('coins.png') as Uint8Array<ArrayBuffer>,
    headers: { 'Content-Type': contentType, ...(origin ? { Origin: origin } : {}) },
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const xmlCode = (text: string) => /<Code>([^<]*)<\/Code>/.exec(text)?.[1];

describe('storage on its own origin', () => {
  it('hands out URLs on the storage origin, with S3 SigV4 query parameters and the Content-Type signed', async () => {
    const url = new URL((await newOrder()).files[0]!.uploadUrl);
    expect(url.origin).toBe(emu.storageUrl);
    expect(url.origin).not.toBe(new URL(emu.url).origin);
    expect(url.pathname).toMatch(/^\/storage\/uploads\//);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Date')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('2');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.has('expires') || url.searchParams.has('signature')).toBe(false);
    // The API's origin no longer serves storage.
    expect((await putFile(`${emu.url}${url.pathname}${url.search}`, 'image/png')).status).toBe(404);
  });

  it('answers a preflight from a listed origin with the rule: methods PUT/GET/HEAD, the asked headers, ETag exposed, Vary: Origin', async () => {
    const res = await preflight((await newOrder()).files[0]!.uploadUrl, DASHBOARD);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
    expect(res.headers.get('access-control-allow-methods')).toBe('PUT, GET, HEAD');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(res.headers.get('access-control-expose-headers')).toBe('ETag');
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('refuses a preflight from another origin, for another method or another header with 403 and no CORS header', async () => {
    const url = (await newOrder()).files[0]!.uploadUrl;
    for (const res of [await preflight(url, OTHER), await preflight(url, DASHBOARD, 'DELETE'), await preflight(url, DASHBOARD, 'PUT', 'content-type, x-secret')]) {
      expect(res.status).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(xmlCode(await res.text())).toBe('AccessForbidden');
    }
  });

  it('serves an actual request from a listed origin with CORS headers and an ETag, from another origin without them', async () => {
    const order = await newOrder();
    const allowed = await putFile(order.files[0]!.uploadUrl, 'image/png', DASHBOARD);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
    expect(allowed.headers.get('access-control-expose-headers')).toBe('ETag');
    expect(allowed.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(allowed.headers.get('vary')).toContain('Origin');
    const other = await putFile(order.files[0]!.uploadUrl, 'image/png', OTHER);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses another Content-Type than the signed one with SignatureDoesNotMatch (XML), and stores nothing', async () => {
    const order = await newOrder();
    const res = await putFile(order.files[0]!.uploadUrl, 'image/jpeg', DASHBOARD);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('application/xml');
    expect(xmlCode(res.text)).toBe('SignatureDoesNotMatch');
    // Even a refusal carries the CORS headers, so the page can read why.
    expect(res.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
    const uploaded = emu.context.db.prepare('SELECT uploaded_at FROM order_files WHERE order_id = ?').get(order.orderId) as { uploaded_at: string | null };
    expect(uploaded.uploaded_at).toBeNull();
  });

  it('refuses a tampered URL with SignatureDoesNotMatch and a malformed one with 400 AuthorizationQueryParametersError', async () => {
    const url = new URL((await newOrder()).files[0]!.uploadUrl);
    const tamper = [
      (u: URL) => u.searchParams.set('X-Amz-Expires', '3600'),
      (u: URL) => u.searchParams.set('X-Amz-SignedHeaders', 'host'),
      (u: URL) => (u.pathname = u.pathname.replace('a.png', 'b.png')),
    ];
    for (const change of tamper) {
      const copy = new URL(url);
      change(copy);
      const res = await putFile(copy.toString(), 'image/png');
      expect([res.status, xmlCode(res.text)]).toEqual([403, 'SignatureDoesNotMatch']);
    }
    const malformed = new URL(url);
    malformed.searchParams.delete('X-Amz-Date');
    const res = await putFile(malformed.toString(), 'image/png');
    expect([res.status, xmlCode(res.text)]).toEqual([400, 'AuthorizationQueryParametersError']);
  });

  it("refuses an expired URL with S3's 403 AccessDenied 'Request has expired'; refresh-urls issues a working one", async () => {
    const order = await newOrder();
    const url = new URL(order.files[0]!.uploadUrl);
    const expiresAt = expiresAtOf(url.toString());
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt - Date.now() + 1100)));
    const res = await putFile(url.toString(), 'image/png');
    expect(res.status).toBe(403);
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>AccessDenied<\/Code><Message>Request has expired<\/Message><X-Amz-Expires>2<\/X-Amz-Expires><Expires>/);
    expect(res.text).toContain('<RequestId>');
    const refreshed = await emu.request('POST', `/api/v2/orders/${order.orderId}/refresh-urls`, { token });
    expect((await putFile(refreshed.body.data.files[0].uploadUrl, 'image/png')).status).toBe(200);
  });

  it('serves the result ZIP on the storage origin (GET and HEAD); an unknown key is NoSuchKey', async () => {
    const order = await newOrder();
    expect((await putFile(order.files[0]!.uploadUrl, 'image/png')).status).toBe(200);
    const confirm = await emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token, body: { idempotencyKey: newKey(), orderId: order.orderId } });
    expect(confirm.status, confirm.text).toBe(200);
    await waitForStatus(emu, token, order.orderId, ['complete']);
    const { downloadUrl } = (await emu.request('GET', `/api/v2/orders/${order.orderId}/download`, { token })).body.data as { downloadUrl: string };
    expect(new URL(downloadUrl).origin).toBe(emu.storageUrl);
    expect(new URL(downloadUrl).searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    const zip = await fetch(downloadUrl, { headers: { Origin: DASHBOARD } });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
    expect(zip.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const head = await fetch(downloadUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const missing = await fetch(presignUrl(emu.context, 'GET', 'nothing-here.zip', Math.floor(Date.now() / 1000), 60));
    expect([missing.status, xmlCode(await missing.text())]).toEqual([404, 'NoSuchKey']);
    const foreign = await fetch(`${emu.storageUrl}/storage/downloads/other.zip${new URL(downloadUrl).search}`);
    expect([foreign.status, xmlCode(await foreign.text())]).toEqual([403, 'SignatureDoesNotMatch']);
  });
});

describe('the bucket CORS setting', () => {
  it('`none`: every preflight 403 "CORS is not enabled", no CORS header on actual requests', async () => {
    const closed = await startTestEmulator({ storagePort: 0, storageCors: 'none' });
    try {
      const t = await closed.login();
      const order = (await closed.request('POST', '/api/v2/orders/anti-ai', { token: t, body: { idempotencyKey: newKey(), files: [{ fileName: 'a.png' }] } })).body.data;
      const res = await preflight(order.files[0].uploadUrl, DASHBOARD);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('CORS is not enabled for this bucket');
      const put = await putFile(order.files[0].uploadUrl, 'image/png', DASHBOARD);
      expect(put.status).toBe(200);
      expect(put.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await closed.close();
    }
  });

  it('`*`: any origin, answered with Access-Control-Allow-Origin: *', async () => {
    const open = await startTestEmulator({ storagePort: 0, storageCors: '*' });
    try {
      const t = await open.login();
      const order = (await open.request('POST', '/api/v2/orders/anti-ai', { token: t, body: { idempotencyKey: newKey(), files: [{ fileName: 'a.png' }] } })).body.data;
      const res = await preflight(order.files[0].uploadUrl, OTHER);
      expect([res.status, res.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
    } finally {
      await open.close();
    }
  });

  it('reads EMULATOR_STORAGE_PORT and EMULATOR_STORAGE_CORS, and refuses what is not an origin', () => {
    expect(configFromEnv({}).storagePort).toBeUndefined();
    expect(configFromEnv({}).storageCors).toBe('*');
    expect(configFromEnv({ EMULATOR_STORAGE_PORT: '9000', EMULATOR_STORAGE_CORS: 'http://a.test:5173, https://b.test' })).toMatchObject({
      storagePort: 9000,
      storageCors: ['http://a.test:5173', 'https://b.test'],
    });
    expect(configFromEnv({ EMULATOR_STORAGE_CORS: 'none' }).storageCors).toBe('none');
    expect(() => configFromEnv({ EMULATOR_STORAGE_CORS: 'a.test' })).toThrow(/EMULATOR_STORAGE_CORS/);
    expect(() => configFromEnv({ EMULATOR_STORAGE_CORS: 'http://a.test/path' })).toThrow(/EMULATOR_STORAGE_CORS/);
  });
});

describe('the default same-origin storage', () => {
  it('stays on the API origin with permissive CORS and JSON codes, with the same S3-shaped query', async () => {
    const same = await startTestEmulator({ uploadUrlTtlSeconds: 60 });
    try {
      const t = await same.login();
      const order = (await same.request('POST', '/api/v2/orders/anti-ai', { token: t, body: { idempotencyKey: newKey(), files: [{ fileName: 'a.png' }] } })).body.data;
      const url = new URL(order.files[0].uploadUrl);
      expect(url.origin).toBe(new URL(same.url).origin);
      expect(same.storageUrl).toBe(same.url);
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
      const res = await preflight(url.toString(), OTHER);
      expect(res.status).toBeLessThan(300);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      // No Content-Type is signed here: any type is taken, as before.
      const tampered = new URL(url);
      tampered.searchParams.set('X-Amz-Expires', '3600');
      const refused = await putFile(tampered.toString(), 'image/png');
      expect([refused.status, JSON.parse(refused.text).code]).toEqual([403, 'UPLOAD_URL_INVALID']);
      expect((await putFile(url.toString(), 'application/octet-stream')).status).toBe(200);
    } finally {
      await same.close();
    }
  });
});
