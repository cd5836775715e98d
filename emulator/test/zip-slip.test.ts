import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './harness';
import { downloadZip, fixture, newKey, put, waitForStatus, type Json } from './orders-helpers';

let emu: TestEmulator;
let token: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  token = await emu.login();
});
afterAll(async () => {
  await emu.close();
});

describe('file names with folders (ZIP slip)', () => {
  it('keeps only base names at creation, so the download ZIP holds nothing outside its folder', async () => {
    const names = ['../../../../tmp/x.png', '/etc/cron.d/x.png', 'C:\\evil\\x.png', 'a\u0001b.png'];
    const created = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: names.map((fileName) => ({ fileName })) } });
    expect(created.status, created.text).toBe(200);
    expect(created.body.data.files.map((f: Json) => f.fileName)).toEqual(['x.png', 'x.png', 'x.png', 'ab.png']);
    for (const file of created.body.data.files) expect((await put(file.uploadUrl, fixture('coins.png'))).status).toBe(200);
    await emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token, body: { idempotencyKey: newKey(), orderId: created.body.data.orderId } });
    await waitForStatus(emu, token, created.body.data.orderId, ['complete'], 30_000);
    const entries = Object.keys(await downloadZip(emu, token, created.body.data.orderId));
    expect(entries).toEqual(['x.png', 'x (2).png', 'x (3).png', 'ab.png']);
  }, 40_000);

  it('cleans embed and extract names the same way', async () => {
    const embed = await emu.request('POST', '/api/v2/orders/wtr-embed', {
      token,
      body: { idempotencyKey: newKey(), files: [{ fileName: '../../up.png', watermarks: [{ text: 'x' }] }] },
    });
    expect(embed.body.data.files[0].fileName).toBe('up.png');
    const extract = await emu.request('POST', '/api/v2/orders/wtr-extract', {
      token,
      body: { idempotencyKey: newKey(), file: { fileName: '/abs/in.png', includeOriginal: true, originalFile: { fileName: '..\\orig.png' } } },
    });
    expect([extract.body.data.file.fileName, extract.body.data.file.originalFile.fileName]).toEqual(['in.png', 'orig.png']);
  });

  it('refuses a name that is only folders or a hidden file', async () => {
    for (const fileName of ['../', '/etc/.png', 'dir/..png', '\u0000']) {
      const res = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: [{ fileName }] } });
      expect([fileName, res.status, res.body.code, res.body.details?.[0]?.path]).toEqual([fileName, 400, 'VALIDATION_FAILED', 'files.0.fileName']);
    }
  });
});
