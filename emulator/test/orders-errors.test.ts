import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUsage, findAccountByEmail } from '../domain/accounts';
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

const antiAi = (body: Record<string, unknown>, t = token) =>
  emu.request('POST', '/api/v2/orders/anti-ai', { token: t, body: { idempotencyKey: newKey(), ...body } });
const confirm = (orderId: string) => emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token, body: { idempotencyKey: newKey(), orderId } });
const files = (n: number, ext = 'png') => Array.from({ length: n }, (_, i) => ({ fileName: `f${i}.${ext}` }));
const paths = (res: { body: { details?: { path: string }[] } }) => res.body.details?.map((d) => d.path);

describe('creation validation', () => {
  it('accepts 1 and 100 files and refuses 0 and 101', async () => {
    expect((await antiAi({ files: files(1) })).status).toBe(200);
    expect((await antiAi({ files: files(100) })).body.data.files).toHaveLength(100);
    for (const n of [0, 101]) {
      const res = await antiAi({ files: files(n) });
      expect([res.status, res.body.code, paths(res)]).toEqual([400, 'VALIDATION_FAILED', ['files']]);
    }
  });

  it('limits the order name to 64 characters and watermark texts to 1000, 1-10 per file', async () => {
    expect((await antiAi({ files: files(1), orderName: 'n'.repeat(64) })).status).toBe(200);
    expect(paths(await antiAi({ files: files(1), orderName: 'n'.repeat(65) }))).toEqual(['orderName']);
    const embed = (watermarks: unknown[]) =>
      emu.request('POST', '/api/v2/orders/wtr-embed', { token, body: { idempotencyKey: newKey(), files: [{ fileName: 'a.jpg', watermarks }] } });
    expect((await embed([{ text: 't'.repeat(1000) }])).status).toBe(200);
    expect(paths(await embed([{ text: 't'.repeat(1001) }]))).toEqual(['files.0.watermarks.0.text']);
    expect(paths(await embed([]))).toEqual(['files.0.watermarks']);
    expect(paths(await embed(Array.from({ length: 11 }, () => ({ text: 'x' }))))).toEqual(['files.0.watermarks']);
  });

  it('refuses formats the order kind does not take', async () => {
    expect(paths(await antiAi({ files: [{ fileName: 'scan.pdf' }] }))).toEqual(['files.0.fileName']);
    expect(paths(await antiAi({ files: [{ fileName: 'noext' }] }))).toEqual(['files.0.fileName']);
    const extract = (file: unknown) => emu.request('POST', '/api/v2/orders/wtr-extract', { token, body: { idempotencyKey: newKey(), file } });
    expect((await extract({ fileName: 'a.gif' })).status).toBe(200);
    expect(paths(await extract({ fileName: 'a.svg' }))).toEqual(['file.fileName']);
    expect(paths(await extract({ fileName: 'a.pdf', includeOriginal: true, originalFile: { fileName: 'b.png' } }))).toEqual(['file.includeOriginal']);
  });

  it('needs one output target per file for zero copy, and http(s) image URLs', async () => {
    expect(paths(await antiAi({ files: files(2), mode: { zeroCopy: true } }))).toEqual(['outputTargets']);
    const target = { fileKey: 'k', url: 'http://127.0.0.1:1/x', presignedUrlExpiresAt: new Date().toISOString() };
    expect(paths(await antiAi({ files: files(2), mode: { zeroCopy: true }, outputTargets: [target] }))).toEqual(['outputTargets']);
    expect(paths(await antiAi({ files: [{ fileName: 'a.png', originalFileUrl: 'ftp://example.com/a.png' }] }))).toEqual(['files.0.originalFileUrl']);
  });

  it('answers an empty or over-long idempotency key with its own code', async () => {
    for (const idempotencyKey of ['', 'k'.repeat(256), 42]) {
      const res = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey, files: files(1) } });
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_IDEMPOTENCY_KEY_INVALID']);
    }
  });

  it('accepts any non-empty key up to 255 characters, like the specification\'s own key-001, and replays on it', async () => {
    for (const idempotencyKey of ['key-001', 'a', 'with space/and ünïcode?', 'k'.repeat(255)]) {
      const first = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey, files: files(1) } });
      expect(first.status).toBe(200);
      const again = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey, files: files(1) } });
      expect(again.body.data.orderId).toBe(first.body.data.orderId);
    }
  });
});

describe('wrong moves', () => {
  it('refuses confirm before upload, confirm twice, and refresh-urls once started', async () => {
    const created = (await antiAi({ files: files(2) })).body.data;
    expect((await confirm(created.orderId)).body.code).toBe('ORDER_FILE_NOT_UPLOADED');
    await put(created.files[0].uploadUrl, fixture('coins.png'));
    expect((await confirm(created.orderId)).body.code).toBe('ORDER_FILE_NOT_UPLOADED');
    const refresh = await emu.request('POST', `/api/v2/orders/${created.orderId}/refresh-urls`, { token });
    expect(refresh.body.data.files.map((f: { fileName: string }) => f.fileName)).toEqual(['f1.png']);
    await put(refresh.body.data.files[0].uploadUrl, fixture('coins.png'));
    expect((await confirm(created.orderId)).status).toBe(200);
    const again = await confirm(created.orderId);
    expect([again.status, again.body.code]).toEqual([400, 'ORDER_ALREADY_CONFIRMED']);
    const late = await emu.request('POST', `/api/v2/orders/${created.orderId}/refresh-urls`, { token });
    expect([late.status, late.body.code]).toEqual([400, 'ORDER_NOT_PENDING']);
    // An upload to a started order is refused and does not replace the input.
    expect((await put(created.files[0].uploadUrl, fixture('rocket.jpg'), 'image/jpeg')).body.code).toBe('ORDER_NOT_PENDING');
    await waitForStatus(emu, token, created.orderId, ['complete']);
  });

  it('refuses confirm of an order that never waited for uploads, and download before the end', async () => {
    const created = (await antiAi({ files: [{ fileName: 'a.png', originalFileUrl: 'http://127.0.0.1:9/a.png' }] })).body.data;
    expect(created.status).toBe('inProgress');
    const res = await confirm(created.orderId);
    expect([res.status, res.body.code]).toEqual([400, 'ORDER_NOT_PENDING']);
    const pending = (await antiAi({ files: files(1) })).body.data;
    const download = await emu.request('GET', `/api/v2/orders/${pending.orderId}/download`, { token });
    expect([download.status, download.body.code]).toEqual([400, 'ORDER_NOT_COMPLETED']);
  });

  it('says an overlong orderId is too long (not "required"), and a missing one is required', async () => {
    const long = await confirm('x'.repeat(10_000));
    expect([long.status, long.body.code, long.body.details]).toEqual([400, 'VALIDATION_FAILED', [{ path: 'orderId', message: 'must be at most 200 characters' }]]);
    const missing = await emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token, body: { idempotencyKey: newKey() } });
    expect(missing.body.details).toEqual([{ path: 'orderId', message: 'is required' }]);
  });

  it('moves orders to expired after 7 days: no download, no confirm', async () => {
    const created = (await antiAi({ files: files(1) })).body.data;
    await put(created.files[0].uploadUrl, fixture('coins.png'));
    await confirm(created.orderId);
    await waitForStatus(emu, token, created.orderId, ['complete']);
    const old = new Date(Date.now() - 7 * 86_400_000 - 1000).toISOString();
    emu.context.db.prepare('UPDATE orders SET created_at = ? WHERE id = ?').run(old, created.orderId);
    const detail = await emu.request('GET', `/api/v2/orders/${created.orderId}`, { token });
    expect(detail.body.data.status).toBe('expired');
    const download = await emu.request('GET', `/api/v2/orders/${created.orderId}/download`, { token });
    expect([download.status, download.body.code]).toEqual([400, 'ORDER_EXPIRED']);
    const listed = await emu.request('GET', '/api/v2/orders?status=expired', { token });
    expect(listed.body.data.orders.map((o: { orderId: string }) => o.orderId)).toContain(created.orderId);
  });

  it("answers another account's order exactly like a missing one", async () => {
    const created = (await antiAi({ files: files(1) })).body.data;
    const other = await emu.login(SECOND_ACCOUNT);
    const missing = await emu.request('GET', '/api/v2/orders/ord_doesnotexist', { token: other });
    for (const [method, suffix] of [['GET', ''], ['POST', '/refresh-urls'], ['GET', '/download']] as const) {
      const res = await emu.request(method, `/api/v2/orders/${created.orderId}${suffix}`, { token: other });
      expect([res.status, res.body.code, res.body.message]).toEqual([404, 'ORDER_NOT_FOUND', missing.body.message]);
    }
    const res = await emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token: other, body: { idempotencyKey: newKey(), orderId: created.orderId } });
    expect([res.status, res.body.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    const list = await emu.request('GET', '/api/v2/orders', { token: other });
    expect(list.body.data.orders.map((o: { orderId: string }) => o.orderId)).not.toContain(created.orderId);
  });

  it('refuses an order larger than what is left of the usage limit (free plan, 100)', async () => {
    const second = await emu.login(SECOND_ACCOUNT);
    const account = findAccountByEmail(emu.context.db, SECOND_ACCOUNT.email)!;
    addUsage(emu.context.db, account.id, new Date().toISOString().slice(0, 10), 95);
    const refused = await antiAi({ files: files(6) }, second);
    expect([refused.status, refused.body.code]).toEqual([400, 'USAGE_LIMIT_EXCEEDED']);
    expect((await antiAi({ files: files(5) }, second)).status).toBe(200);
  });

  it('needs a token', async () => {
    const res = await emu.request('GET', '/api/v2/orders');
    expect([res.status, res.body.code]).toEqual([401, 'AUTH_NOT_AUTHENTICATED']);
  });
});
