import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  antiAiOrder,
  cleanUpChildren,
  confirm,
  expectDeliveredOnce,
  jobOf,
  orderStatus,
  readDb,
  receiverWebhook,
  startKillableEmulator,
  until,
  usageOf,
  waitForOrder,
} from './kill-checks';
import { fixture, newKey, put } from './orders-helpers';

/**
 * kill -9 of a child emulator process at the moments that matter for an order (docs/decisions/kill-tests.md). After
 * a restart on the same data folder every order must finish exactly once: usage counted once, one delivery.
 */

afterAll(cleanUpChildren);

const partFiles = (dataDir: string) => {
  const tmp = path.join(dataDir, 'files', 'tmp');
  return fs.existsSync(tmp) ? fs.readdirSync(tmp).filter((name) => name.endsWith('.part')) : [];
};

// Two starts of a child process take a while on a loaded machine; the waits inside have their own deadlines.
describe('kill -9', { timeout: 120_000 }, () => {
  it('during an upload and during processing: both orders finish once after the restart', async () => {
    // Processing waits 1.5 s per file, so the kill lands between two files of the same order even on a slow machine.
    // The restart runs without the delay.
    let emu = await startKillableEmulator({ env: { EMULATOR_PROCESSING_DELAY_MS: '1500' } });
    let token = await emu.login();
    await receiverWebhook(emu, token, 'kill-work');

    const uploading = await antiAiOrder(emu, token, 3, 1);
    const processing = await antiAiOrder(emu, token, 3);
    expect((await confirm(emu, token, processing.orderId)).status).toBe(200);

    // Half of file 2 is on the wire (and in a .part file) when the process dies.
    const bytes = fixture('coins.png');
    const halfway = http.request(uploading.urls[1]!, { method: 'PUT', headers: { 'Content-Type': 'image/png', 'Content-Length': bytes.length } });
    halfway.on('error', () => undefined);
    halfway.write(bytes.subarray(0, bytes.length >> 1));
    await until(() => partFiles(emu.dataDir).length > 0, 'the half upload to reach a temp file');
    await until(
      () =>
        readDb(emu.dataDir, (db) =>
          db.prepare('SELECT 1 FROM order_files WHERE order_id = ? AND position = 0 AND processed_at IS NOT NULL').get(processing.orderId),
        ),
      'the first file of the processing order to be done',
    );
    const firstResult = readDb(
      emu.dataDir,
      (db) => db.prepare('SELECT result_path FROM order_files WHERE order_id = ? AND position = 0').get(processing.orderId) as { result_path: string },
    ).result_path;
    const firstResultMtime = fs.statSync(path.join(emu.dataDir, 'files', firstResult)).mtimeMs;
    expect(jobOf(emu, processing.orderId)?.state).toBe('running');
    await emu.kill();
    halfway.destroy();

    emu = await emu.restart();
    token = await emu.login();
    expect(partFiles(emu.dataDir)).toEqual([]);
    // File 1's upload was answered 200 before the kill, so it is kept; file 2's half is not an upload.
    const refreshed = await emu.request('POST', `/api/v2/orders/${uploading.orderId}/refresh-urls`, { token });
    expect(refreshed.body.data.files.map((f: { fileName: string }) => f.fileName)).toEqual(['file-2.png', 'file-3.png']);
    for (const url of uploading.urls.slice(1)) expect((await put(url, fixture('coins.png'))).status).toBe(200);
    expect((await confirm(emu, token, uploading.orderId)).status).toBe(200);

    await waitForOrder(emu, token, processing.orderId);
    await waitForOrder(emu, token, uploading.orderId);
    await expectDeliveredOnce(emu, processing.orderId, 'kill-work');
    await expectDeliveredOnce(emu, uploading.orderId, 'kill-work');
    expect(usageOf(emu)).toBe(6);
    // Taken again once after the restart; the file finished before the kill was not processed again.
    expect(jobOf(emu, processing.orderId)).toEqual({ state: 'done', attempts: 2 });
    expect(fs.statSync(path.join(emu.dataDir, 'files', firstResult)).mtimeMs).toBe(firstResultMtime);
    await emu.kill();
  });

  it('inside the final commit (status, usage and delivery written, not committed): the order finishes once after the restart', async () => {
    let emu = await startKillableEmulator({ crashAt: 'finish-before-commit' });
    let token = await emu.login();
    await receiverWebhook(emu, token, 'kill-before-commit');
    const { orderId } = await antiAiOrder(emu, token, 2);
    expect((await confirm(emu, token, orderId)).status).toBe(200);
    expect((await emu.exited).signal).toBe('SIGKILL');

    emu = await emu.restart();
    token = await emu.login();
    await waitForOrder(emu, token, orderId);
    await expectDeliveredOnce(emu, orderId, 'kill-before-commit');
    expect(usageOf(emu)).toBe(2);
    expect(jobOf(emu, orderId)).toEqual({ state: 'done', attempts: 2 });
    await emu.kill();
  });

  it('just after the final commit, before the delivery: complete at once after the restart, delivered once, counted once', async () => {
    let emu = await startKillableEmulator({ crashAt: 'finish-after-commit' });
    let token = await emu.login();
    await receiverWebhook(emu, token, 'kill-after-commit');
    const { orderId } = await antiAiOrder(emu, token, 2);
    expect((await confirm(emu, token, orderId)).status).toBe(200);
    expect((await emu.exited).signal).toBe('SIGKILL');

    emu = await emu.restart();
    token = await emu.login();
    expect(await orderStatus(emu, token, orderId)).toBe('complete');
    expect(jobOf(emu, orderId)).toEqual({ state: 'done', attempts: 1 });
    await expectDeliveredOnce(emu, orderId, 'kill-after-commit');
    expect(usageOf(emu)).toBe(2);
    await emu.kill();
  });

  it('after 50 same-key creations and 20 parallel confirms: one order, one processing, also after a kill mid-processing', async () => {
    let emu = await startKillableEmulator({ env: { EMULATOR_PROCESSING_DELAY_MS: '1500' } });
    let token = await emu.login();
    await receiverWebhook(emu, token, 'kill-races');
    const key = newKey();
    const body = { idempotencyKey: key, files: [{ fileName: 'a.png' }, { fileName: 'b.png' }] };
    const creations = await Promise.all(Array.from({ length: 50 }, () => emu.request('POST', '/api/v2/orders/anti-ai', { token, body })));
    expect(creations.map((res) => res.status)).toEqual(Array(50).fill(200));
    const orderIds = new Set(creations.map((res) => res.body.data.orderId as string));
    expect(orderIds.size).toBe(1);
    const [orderId] = [...orderIds] as [string];
    const orderCount = () => readDb(emu.dataDir, (db) => (db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n);
    expect(orderCount()).toBe(1);
    for (const file of creations[0]!.body.data.files as { uploadUrl: string }[]) expect((await put(file.uploadUrl, fixture('coins.png'))).status).toBe(200);

    const confirms = await Promise.all(Array.from({ length: 20 }, () => confirm(emu, token, orderId)));
    expect(confirms.filter((res) => res.status === 200)).toHaveLength(1);
    expect(confirms.filter((res) => res.status === 400).map((res) => res.body.code)).toEqual(Array(19).fill('ORDER_ALREADY_CONFIRMED'));
    await until(() => jobOf(emu, orderId)?.state === 'running', 'processing to start');
    expect(readDb(emu.dataDir, (db) => db.prepare('SELECT COUNT(*) AS n FROM jobs').get())).toEqual({ n: 1 });
    await emu.kill();

    emu = await emu.restart();
    token = await emu.login();
    const replay = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body });
    expect(replay.body.data.orderId).toBe(orderId);
    expect((await confirm(emu, token, orderId)).body.code).toBe('ORDER_ALREADY_CONFIRMED');
    await waitForOrder(emu, token, orderId);
    expect(orderCount()).toBe(1);
    expect(readDb(emu.dataDir, (db) => db.prepare('SELECT COUNT(*) AS n FROM jobs').get())).toEqual({ n: 1 });
    await expectDeliveredOnce(emu, orderId, 'kill-races');
    expect(usageOf(emu)).toBe(2);
    await emu.kill();
  });
});
