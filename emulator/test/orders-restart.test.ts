import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { currentUsage, findAccountByEmail } from '../domain/accounts';
import type { OrderFinishedEvent } from '../context';
import { DEMO_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';
import { downloadZip, fixture, newKey, put, waitFor, waitForStatus } from './orders-helpers';

let emu: TestEmulator | undefined;
afterAll(async () => {
  await emu?.close();
});

it('finishes an order after a restart mid-processing, processing each file and counting usage once', async () => {
  emu = await startTestEmulator({ processingDelayMs: 300 });
  let token = await emu.login();
  const account = findAccountByEmail(emu.context.db, DEMO_ACCOUNT.email)!;
  const usageBefore = currentUsage(emu.context.db, account);
  const names = ['one.png', 'two.png', 'three.png'];
  const created = (
    await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: names.map((fileName) => ({ fileName })) } })
  ).body.data;
  for (const file of created.files) await put(file.uploadUrl, fixture('coins.png'));
  await emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token, body: { idempotencyKey: newKey(), orderId: created.orderId } });

  const db = emu.context.db;
  const firstDone = await waitFor(
    () => db.prepare('SELECT result_path FROM order_files WHERE order_id = ? AND position = 0 AND processed_at IS NOT NULL').get(created.orderId) as { result_path: string } | undefined,
  );
  const firstResult = path.join(emu.dataDir, 'files', firstDone.result_path);
  const firstMtime = fs.statSync(firstResult).mtimeMs;
  expect((db.prepare('SELECT state FROM jobs WHERE order_id = ?').get(created.orderId) as { state: string }).state).toBe('running');

  emu = await emu.restart();
  const events: OrderFinishedEvent[] = [];
  emu.context.orderFinishedListeners.push((e) => events.push(e));
  token = await emu.login();
  const done = await waitForStatus(emu, token, created.orderId, ['complete', 'failed']);
  expect(done.status).toBe('complete');
  expect(events.filter((e) => e.orderId === created.orderId)).toHaveLength(1);
  expect(fs.statSync(firstResult).mtimeMs).toBe(firstMtime);
  expect(Object.keys(await downloadZip(emu, token, created.orderId)).sort()).toEqual(['one.png', 'three.png', 'two.png']);
  expect(currentUsage(emu.context.db, account)).toBe(usageBefore + 3);
  const job = emu.context.db.prepare('SELECT state, attempts FROM jobs WHERE order_id = ?').get(created.orderId) as { state: string; attempts: number };
  expect(job).toEqual({ state: 'done', attempts: 2 });
});
