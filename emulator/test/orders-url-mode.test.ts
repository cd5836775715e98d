import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './harness';
import { downloadZip, fixture, imageFormat, newKey, put, startLocalServer, waitForStatus, type LocalServer } from './orders-helpers';

let emu: TestEmulator;
let token: string;
let images: LocalServer;

beforeAll(async () => {
  emu = await startTestEmulator();
  token = await emu.login();
  images = await startLocalServer({
    '/cat.png': [200, 'image/png', fixture('chelsea.png')],
    '/rocket.jpg': [200, 'image/jpeg', fixture('rocket.jpg')],
    '/page.png': [200, 'text/html', '<html>not an image</html>'],
  });
});
afterAll(async () => {
  await emu.close();
  await images.close();
});

const create = (body: Record<string, unknown>, path = '/api/v2/orders/anti-ai') =>
  emu.request('POST', path, { token, body: { idempotencyKey: newKey(), ...body } });

describe('URL mode', () => {
  it('downloads the images itself and starts without confirm', async () => {
    const res = await create({ files: [{ fileName: 'cat.png', originalFileUrl: `${images.url}/cat.png` }] });
    expect(res.body.data.status).toBe('inProgress');
    expect(res.body.data.files[0]).toEqual({ fileId: expect.any(String), fileName: 'cat.png', originalFileUrl: `${images.url}/cat.png` });
    expect((await waitForStatus(emu, token, res.body.data.orderId, ['complete', 'failed'])).status).toBe('complete');
    expect(await imageFormat((await downloadZip(emu, token, res.body.data.orderId))['cat.png']!)).toBe('png');
  });

  it('mixes upload and URL files: pending until the uploads are confirmed', async () => {
    const res = await create({ files: [{ fileName: 'up.png' }, { fileName: 'rocket.jpg', originalFileUrl: `${images.url}/rocket.jpg` }] });
    const { orderId, status, files } = res.body.data;
    expect(status).toBe('pending');
    expect(files[0].uploadUrl).toBeTruthy();
    expect(files[1].uploadUrl).toBeUndefined();
    await put(files[0].uploadUrl, fixture('coins.png'));
    await emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token, body: { idempotencyKey: newKey(), orderId } });
    expect((await waitForStatus(emu, token, orderId, ['complete', 'failed'])).status).toBe('complete');
  });

  it('fails the order naming the file when the URL answers 404 or is not an image', async () => {
    const missing = await create({
      files: [
        { fileName: 'cat.png', originalFileUrl: `${images.url}/cat.png` },
        { fileName: 'gone.png', originalFileUrl: `${images.url}/gone.png` },
      ],
    });
    const failed = await waitForStatus(emu, token, missing.body.data.orderId, ['complete', 'failed']);
    expect(failed).toMatchObject({ status: 'failed', errors: 'file 2 (gone.png): the image URL answered 404' });

    const page = await create({ files: [{ fileName: 'page.png', originalFileUrl: `${images.url}/page.png` }] });
    const notImage = await waitForStatus(emu, token, page.body.data.orderId, ['complete', 'failed']);
    expect(notImage).toMatchObject({ status: 'failed', errors: 'file 1 (page.png): the image URL did not return a readable image' });
  });

  it('still serves the deprecated with-urls endpoint, marked with a Deprecation header', async () => {
    const res = await create({ files: [{ fileName: 'cat.png', imageUrl: `${images.url}/cat.png` }], options: { strength: 'low' } }, '/api/v2/orders/anti-ai/with-urls');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('deprecation')).toBe('true');
    expect(Object.keys(res.body.data).sort()).toEqual(['orderId', 'orderName', 'status']);
    expect(res.body.data.status).toBe('inProgress');
    expect((await waitForStatus(emu, token, res.body.data.orderId, ['complete', 'failed'])).status).toBe('complete');
  });
});

describe('zero copy', () => {
  it('PUTs each result to its output target and keeps no download', async () => {
    const targets = await startLocalServer({ '/refuse': [403, 'text/plain', 'no'] });
    try {
      const expiresAt = new Date(Date.now() + 3600_000).toISOString();
      const res = await create({
        files: [{ fileName: 'cat.png', originalFileUrl: `${images.url}/cat.png` }, { fileName: 'rocket.jpg', originalFileUrl: `${images.url}/rocket.jpg` }],
        mode: { zeroCopy: true },
        outputTargets: [
          { fileKey: 'out/cat.png', url: `${targets.url}/out/cat.png?sig=1`, presignedUrlExpiresAt: expiresAt },
          { fileKey: 'out/rocket.jpg', url: `${targets.url}/out/rocket.jpg?sig=2`, presignedUrlExpiresAt: expiresAt },
        ],
      });
      const done = await waitForStatus(emu, token, res.body.data.orderId, ['complete', 'failed']);
      expect(done.status).toBe('complete');
      expect(targets.received.map((r) => [r.method, r.path, r.contentType])).toEqual([
        ['PUT', '/out/cat.png?sig=1', 'image/png'],
        ['PUT', '/out/rocket.jpg?sig=2', 'image/jpeg'],
      ]);
      expect(await imageFormat(targets.received[0]!.body)).toBe('png');
      const download = await emu.request('GET', `/api/v2/orders/${res.body.data.orderId}/download`, { token });
      expect(download.body.code).toBe('ORDER_TYPE_CANT_DOWNLOAD');

      const refused = await create({
        files: [{ fileName: 'cat.png', originalFileUrl: `${images.url}/cat.png` }],
        mode: { zeroCopy: true },
        outputTargets: [{ fileKey: 'x', url: `${targets.url}/refuse`, presignedUrlExpiresAt: expiresAt }],
      });
      const failed = await waitForStatus(emu, token, refused.body.data.orderId, ['complete', 'failed']);
      expect(failed.errors).toBe('file 1 (cat.png): the output target answered 403');
    } finally {
      await targets.close();
    }
  });
});
