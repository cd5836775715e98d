import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUsage, createAccount } from '../domain/accounts';
import { startTestEmulator, type TestEmulator } from './harness';
import { newKey, put, waitForStatus } from './orders-helpers';

// The limit held only for finished orders: 50 parallel 2-file creations at 90 of 100 ended at 190 of 100.
let emu: TestEmulator;

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.close();
});

let accounts = 0;
async function freeAccountAt(used: number): Promise<string> {
  const account = { email: `free-${++accounts}@example.com`, password: 'free1234' };
  const { id } = createAccount(emu.context.db, { ...account, planType: 'free', planStart: new Date(Date.now() - 86_400_000), planEnd: null, usageLimit: 100 });
  addUsage(emu.context.db, id, new Date().toISOString().slice(0, 10), used);
  return emu.login(account);
}

const twoFiles = (token: string) =>
  emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: [{ fileName: 'a.png' }, { fileName: 'b.png' }] } });

describe('usage reservation', () => {
  it('holds the limit under 50 parallel creations: exactly what is left is accepted', async () => {
    const token = await freeAccountAt(90);
    const answers = await Promise.all(Array.from({ length: 50 }, () => twoFiles(token)));
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted).toHaveLength(5);
    for (const refused of answers.filter((a) => a.status !== 200)) expect([refused.status, refused.body.code]).toEqual([400, 'USAGE_LIMIT_EXCEEDED']);
    expect((await twoFiles(token)).status).toBe(400);
  });

  it('holds it for serial creations too, and counts the extract original as nothing', async () => {
    const token = await freeAccountAt(97);
    expect((await twoFiles(token)).status).toBe(200);
    expect((await twoFiles(token)).body.code).toBe('USAGE_LIMIT_EXCEEDED');
    const extract = await emu.request('POST', '/api/v2/orders/wtr-extract', {
      token,
      body: { idempotencyKey: newKey(), file: { fileName: 'x.png', includeOriginal: true, originalFile: { fileName: 'o.png' } } },
    });
    expect(extract.status).toBe(200);
  });

  it('releases the reservation when the order fails or expires', async () => {
    const token = await freeAccountAt(96);
    const first = await twoFiles(token);
    const second = await twoFiles(token);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await twoFiles(token)).body.code).toBe('USAGE_LIMIT_EXCEEDED');

    // A broken upload fails the first order: its two files are free again.
    for (const file of first.body.data.files) await put(file.uploadUrl, Buffer.from('not an image'));
    await emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token, body: { idempotencyKey: newKey(), orderId: first.body.data.orderId } });
    await waitForStatus(emu, token, first.body.data.orderId, ['failed'], 20_000);
    const third = await twoFiles(token);
    expect(third.status).toBe(200);

    // An order older than 7 days expires and holds nothing.
    emu.context.db.prepare('UPDATE orders SET created_at = ? WHERE id = ?').run(new Date(Date.now() - 8 * 86_400_000).toISOString(), second.body.data.orderId);
    expect((await twoFiles(token)).status).toBe(200);
    expect((await twoFiles(token)).body.code).toBe('USAGE_LIMIT_EXCEEDED');
  }, 30_000);
});
