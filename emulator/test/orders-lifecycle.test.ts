import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAntiAiResponse, createEmbedResponse, createExtractResponse, listOrdersResponse, order as orderSchema } from '../../src/api/schemas/orders';
import type { OrderFinishedEvent } from '../context';
import { DEMO_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';
import { downloadZip, fixture, imageFormat, newKey, put, waitForStatus } from './orders-helpers';

let emu: TestEmulator;
let token: string;
const events: OrderFinishedEvent[] = [];

beforeAll(async () => {
  emu = await startTestEmulator();
  emu.context.orderFinishedListeners.push((event) => events.push(event));
  token = await emu.login();
});
afterAll(async () => {
  await emu.close();
});

const usage = async () => (await emu.request('POST', '/api/v2/auth/login', { body: DEMO_ACCOUNT })).body.contract.currentUsage as number;

describe('anti-AI order with uploads', () => {
  it('goes pending → upload → confirm → complete, and downloads one ZIP of valid images', async () => {
    const before = await usage();
    const res = await emu.request('POST', '/api/v2/orders/anti-ai', {
      token,
      body: { idempotencyKey: newKey(), orderName: 'Cats and coins', files: [{ fileName: 'chelsea.png' }, { fileName: 'rocket.jpg' }] },
    });
    expect(res.status, res.text).toBe(200);
    const created = createAntiAiResponse.parse(res.body.data);
    expect(created.status).toBe('pending');
    expect(created.orderName).toBe('Cats and coins');
    const [cat, rocket] = created.files as { uploadUrl: string; fileKey: string; fileId: string }[];
    expect(cat!.uploadUrl).toContain('/storage/');

    const pending = orderSchema.parse((await emu.request('GET', `/api/v2/orders/${created.orderId}`, { token })).body.data);
    expect(pending).toMatchObject({ status: 'pending', type: 'antiAi', channel: 'web', fileCount: 2, thumbnailImageUrl: null, errors: null });

    expect((await put(cat!.uploadUrl, fixture('chelsea.png'))).status).toBe(200);
    expect((await put(rocket!.uploadUrl, fixture('rocket.jpg'), 'image/jpeg')).status).toBe(200);
    const confirm = await emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token, body: { idempotencyKey: newKey(), orderId: created.orderId } });
    expect(confirm.status, confirm.text).toBe(200);
    expect(confirm.body).toEqual({ data: null });

    const done = orderSchema.parse(await waitForStatus(emu, token, created.orderId, ['complete', 'failed']));
    expect(done.status).toBe('complete');
    expect(done.completedAt).toBeTruthy();
    expect(done.thumbnailImageUrl).toMatch(/\/storage\/thumbnails\//);
    // Stable across polls, so the browser keeps the cached image.
    expect((await emu.request('GET', `/api/v2/orders/${created.orderId}`, { token })).body.data.thumbnailImageUrl).toBe(done.thumbnailImageUrl);
    const thumb = await fetch(done.thumbnailImageUrl!);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect(await imageFormat(new Uint8Array(await thumb.arrayBuffer()))).toBe('jpeg');

    const entries = await downloadZip(emu, token, created.orderId);
    expect(Object.keys(entries).sort()).toEqual(['chelsea.png', 'rocket.jpg']);
    expect(await imageFormat(entries['chelsea.png']!)).toBe('png');
    expect(await imageFormat(entries['rocket.jpg']!)).toBe('jpeg');
    // Processed, not copied through.
    expect(Buffer.from(entries['chelsea.png']!).equals(fixture('chelsea.png'))).toBe(false);
    expect(await usage()).toBe(before + 2);

    const finished = events.filter((e) => e.orderId === created.orderId);
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ status: 'complete', type: 'antiAi', fileCount: 2, orderName: 'Cats and coins' });
    expect(finished[0]!.downloadUrl).toMatch(/\/storage\/downloads\//);
  });

  it('generates a name when none is given and defaults strength to high', async () => {
    const res = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: [{ fileName: 'a.webp' }] } });
    expect(res.status).toBe(200);
    expect(res.body.data.orderName).toMatch(/^Anti-AI \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const row = emu.context.db.prepare('SELECT strength FROM orders WHERE id = ?').get(res.body.data.orderId) as { strength: string };
    expect(row.strength).toBe('high');
  });

  it('fails an order whose upload is not a readable image, with the file named in errors', async () => {
    const res = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: [{ fileName: 'truncated.jpg' }] } });
    const { orderId, files } = res.body.data;
    await put(files[0].uploadUrl, fixture('truncated.jpg'), 'image/jpeg');
    await emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token, body: { idempotencyKey: newKey(), orderId } });
    const failed = await waitForStatus(emu, token, orderId, ['failed', 'complete']);
    expect(failed.status).toBe('failed');
    expect(failed.errors).toMatch(/^file 1 \(truncated\.jpg\): .*could not be read as an image/);
    expect(failed.completedAt).toBeNull();
    expect(failed.thumbnailImageUrl).toBeNull();
    const event = events.find((e) => e.orderId === orderId)!;
    expect(event.error).toEqual({ code: 'IMAGE_UNREADABLE', message: failed.errors });
    expect(event.downloadUrl).toBeUndefined();
    const download = await emu.request('GET', `/api/v2/orders/${orderId}/download`, { token });
    expect(download.body.code).toBe('ORDER_ALREADY_FAILED');
  });
});

describe('watermark embed and extract', () => {
  let embedded: Uint8Array;

  it('starts an embed order by itself once every file is uploaded, and lists its texts', async () => {
    const res = await emu.request('POST', '/api/v2/orders/wtr-embed', {
      token,
      body: {
        idempotencyKey: newKey(),
        files: [
          { fileName: 'coins.png', watermarks: [{ text: '© Imprint 2026' }, { text: 'licence 42' }] },
          { fileName: 'rocket.jpg', watermarks: [{ text: '© Imprint 2026' }] },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    const created = createEmbedResponse.parse(res.body.data);
    expect(created.status).toBe('pending');
    await put(created.files[0]!.uploadUrl, fixture('coins.png'));
    expect((await emu.request('GET', `/api/v2/orders/${created.orderId}`, { token })).body.data.status).toBe('pending');
    await put(created.files[1]!.uploadUrl, fixture('rocket.jpg'), 'image/jpeg');
    const done = await waitForStatus(emu, token, created.orderId, ['complete', 'failed']);
    expect(done).toMatchObject({ status: 'complete', type: 'watermarkEmbed', watermarks: ['© Imprint 2026', 'licence 42'] });
    // Confirm does not apply to embed orders.
    const confirm = await emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token, body: { idempotencyKey: newKey(), orderId: created.orderId } });
    expect(confirm.body.code).toBe('ORDER_TYPE_NOT_MATCH');
    const entries = await downloadZip(emu, token, created.orderId);
    embedded = entries['coins.png']!;
    expect(await imageFormat(embedded)).toBe('png');
  });

  it('finds the watermark in an embedded image: detected, with the texts joined by newlines', async () => {
    const res = await emu.request('POST', '/api/v2/orders/wtr-extract', { token, body: { idempotencyKey: newKey(), file: { fileName: 'found.png' } } });
    expect(res.status, res.text).toBe(200);
    const created = createExtractResponse.parse(res.body.data);
    expect(created.file).toMatchObject({ fileFormat: 'PNG', fileType: 'IMG' });
    expect(typeof created.file.fileId).toBe('number');
    await put(created.file.uploadUrl, embedded);
    const done = await waitForStatus(emu, token, created.orderId, ['detected', 'undetected', 'failed']);
    expect(done).toMatchObject({ status: 'detected', watermarkText: '© Imprint 2026\nlicence 42', errors: null });
    const event = events.find((e) => e.orderId === created.orderId)!;
    expect(event).toMatchObject({ status: 'detected', watermarkFound: true, watermarkText: '© Imprint 2026\nlicence 42' });
    expect((await emu.request('GET', `/api/v2/orders/${created.orderId}/download`, { token })).body.code).toBe('ORDER_TYPE_CANT_DOWNLOAD');
  });

  it('answers undetected for an image without a watermark, waiting for the original when included', async () => {
    const res = await emu.request('POST', '/api/v2/orders/wtr-extract', {
      token,
      body: { idempotencyKey: newKey(), file: { fileName: 'plain.jpg', includeOriginal: true, originalFile: { fileName: 'original.jpg' } } },
    });
    const created = createExtractResponse.parse(res.body.data);
    expect(created.file.originalFile).toMatchObject({ fileName: 'original.jpg', fileFormat: 'JPG', fileType: 'IMG' });
    await put(created.file.uploadUrl, fixture('rocket.jpg'), 'image/jpeg');
    expect((await emu.request('GET', `/api/v2/orders/${created.orderId}`, { token })).body.data.status).toBe('pending');
    const refresh = await emu.request('POST', `/api/v2/orders/${created.orderId}/refresh-urls`, { token });
    expect(refresh.body.data.files).toHaveLength(1);
    expect(refresh.body.data.files[0]).toMatchObject({ fileName: 'original.jpg', fileId: String(created.file.originalFile!.fileId) });
    await put(refresh.body.data.files[0].uploadUrl, fixture('rocket.jpg'), 'image/jpeg');
    const done = await waitForStatus(emu, token, created.orderId, ['detected', 'undetected', 'failed']);
    expect(done).toMatchObject({ status: 'undetected', watermarkText: null, fileCount: 1 });
    expect(events.find((e) => e.orderId === created.orderId)).toMatchObject({ status: 'undetected', watermarkFound: false });
  });

  it('treats a PDF as a document without a watermark', async () => {
    const res = await emu.request('POST', '/api/v2/orders/wtr-extract', { token, body: { idempotencyKey: newKey(), file: { fileName: 'contract.pdf' } } });
    expect(res.body.data.file).toMatchObject({ fileFormat: 'PDF', fileType: 'DOCUMENT' });
    await put(res.body.data.file.uploadUrl, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
    const done = await waitForStatus(emu, token, res.body.data.orderId, ['detected', 'undetected', 'failed']);
    expect(done).toMatchObject({ status: 'undetected', thumbnailImageUrl: null });
  });
});

describe('GET /api/v2/orders', () => {
  it('lists newest first with filters, keyword over name and id, and pages', async () => {
    const names = ['Alpha batch', 'Beta batch', 'Gamma single'];
    const ids: string[] = [];
    for (const name of names) {
      const res = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), orderName: name, files: [{ fileName: 'x.png' }] } });
      ids.push(res.body.data.orderId);
    }
    const all = await emu.request('GET', '/api/v2/orders?limit=100', { token });
    const list = listOrdersResponse.parse(all.body.data);
    expect(list.orders.slice(0, 3).map((o) => o.orderName)).toEqual(['Gamma single', 'Beta batch', 'Alpha batch']);

    const keyword = await emu.request('GET', '/api/v2/orders?keyword=batch&status=pending&type=antiAi&channel=web', { token });
    expect(keyword.body.data.orders.map((o: { orderName: string }) => o.orderName)).toEqual(['Beta batch', 'Alpha batch']);
    const byId = await emu.request('GET', `/api/v2/orders?keyword=${ids[0]!.slice(4, 14)}`, { token });
    expect(byId.body.data.orders.map((o: { orderId: string }) => o.orderId)).toEqual([ids[0]]);

    const page = await emu.request('GET', '/api/v2/orders?keyword=batch&limit=1&page=2', { token });
    expect(page.body.data.orders.map((o: { orderName: string }) => o.orderName)).toEqual(['Alpha batch']);
    expect(page.body.data.pageInfo).toEqual({ totalItems: 2, totalPages: 2, currentPage: 2, itemsPerPage: 1 });

    const complete = await emu.request('GET', '/api/v2/orders?status=complete&limit=100', { token });
    expect(complete.body.data.orders.length).toBeGreaterThan(0);
    expect(complete.body.data.orders.every((o: { status: string }) => o.status === 'complete')).toBe(true);

    const bad = await emu.request('GET', '/api/v2/orders?status=done&limit=0', { token });
    expect([bad.status, bad.body.code]).toEqual([400, 'INVALID_PARAMETER']);
  });
});
