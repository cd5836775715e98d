import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { EVENT_ID_HEADER } from '../../src/api/schemas/webhooks';
import { startEmulatorChild, type ChildEmulator, type ChildEmulatorOptions } from '../../scripts/stack/stack';
import { DEMO_ACCOUNT, jsonRequester, type Requester } from './harness';
import { fixture, newKey, put, type Json } from './orders-helpers';

/**
 * The kill tests' emulator: a child process (scripts/stack's startEmulatorChild) that a test can kill with SIGKILL
 * the way a power cut or the OOM killer would: no close handlers, no flush, a half-written file and an open
 * transaction left behind. The in-process restart tests cannot do that. Then what they read back: the database of a
 * running child, never of a killed one (see readDb). docs/decisions/kill-tests.md.
 */

export type KillOptions = Pick<ChildEmulatorOptions, 'dataDir' | 'port' | 'cwd' | 'crashAt'> & {
  /** EMULATOR_* settings (and any other variable) for this start only; a restart does not repeat them. */
  env?: Record<string, string>;
};

export interface KillEmulator extends ChildEmulator {
  request: Requester;
  login: (account?: { email: string; password: string }) => Promise<string>;
  /** Starts a new process on the same data folder and port (stored webhook and storage URLs keep working). */
  restart: (options?: Pick<KillOptions, 'env' | 'cwd'>) => Promise<KillEmulator>;
}

/** Every start: the two accounts without history, rate limits out of the way, one processing thread. */
const KILL_TEST_ENV = {
  EMULATOR_SEED: 'accounts',
  EMULATOR_RATE_LIMITS: 'free=100000,pro=100000,enterprise=100000',
  EMULATOR_PROCESSING_THREADS: '1',
};

const live = new Set<ChildEmulator>();
const tempDirs = new Set<string>();

/** A temp folder removed by cleanUpChildren. */
export function tempDir(prefix = 'imprint-kill-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** Kills the children started here that still run, and removes the temp folders (afterAll). */
export async function cleanUpChildren(): Promise<void> {
  await Promise.all([...live].map((child) => child.kill()));
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

/**
 * A child emulator on a temp data folder (removed by cleanUpChildren) that takes none of this test process's
 * settings (a fault flag, vitest's loaders): only KILL_TEST_ENV and `env`. Its output is kept for failure messages.
 */
export async function startKillableEmulator(options: KillOptions = {}): Promise<KillEmulator> {
  const dataDir = options.dataDir ?? tempDir();
  const child = await startEmulatorChild({
    dataDir,
    port: options.port,
    cwd: options.cwd,
    crashAt: options.crashAt,
    env: { ...KILL_TEST_ENV, ...options.env },
    isolateEnv: true,
    captureOutput: true,
  });
  live.add(child);
  void child.exited.then(() => live.delete(child));
  const request = jsonRequester(child.url);
  return {
    ...child,
    request,
    login: async (account = DEMO_ACCOUNT) => {
      const res = await request('POST', '/api/v2/auth/login', { body: account });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
      return res.headers.get('accesstoken')!;
    },
    restart: async (next = {}) => {
      if (live.has(child)) throw new Error('restart: the previous process still runs; kill it first');
      return startKillableEmulator({ dataDir, port: child.port, ...next });
    },
  };
}

/**
 * Reads the child's database from the test process. Only while the child runs: closing the last connection of a
 * killed emulator would checkpoint its WAL, tidying up what the restart is meant to find as the kill left it.
 */
export function readDb<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'emulator.sqlite'), { fileMustExist: true, timeout: 10_000 });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** Polls until check() gives a value; generous by default, for a loaded machine. */
export async function until<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface ReceiverCall {
  eventId: string;
  signatureValid: boolean | null;
  body: Json;
}

/** Requests the built-in test receiver stored under this name, oldest first. */
export function receiverCalls(emu: KillEmulator, receiver: string): ReceiverCall[] {
  const rows = readDb(emu.dataDir, (db) =>
    db.prepare('SELECT headers, body, signature_valid FROM webhook_receiver_requests WHERE receiver = ? ORDER BY id').all(receiver),
  ) as { headers: string; body: string; signature_valid: number | null }[];
  return rows.map((row) => ({
    eventId: (JSON.parse(row.headers) as Record<string, string>)[EVENT_ID_HEADER.toLowerCase()]!,
    signatureValid: row.signature_valid === null ? null : row.signature_valid === 1,
    body: JSON.parse(row.body),
  }));
}

export interface StoredEventRow {
  id: number;
  event_id: string;
  status: string;
  retries: number;
  attempts: number[];
}

/** The delivery events of one order, with the status code of each recorded attempt. */
export function eventsOf(emu: KillEmulator, orderId: string): StoredEventRow[] {
  return readDb(emu.dataDir, (db) => {
    const events = db
      .prepare(`SELECT id, event_id, status, retries FROM webhook_events WHERE json_extract(body, '$.data.orderId') = ? ORDER BY id`)
      .all(orderId) as Omit<StoredEventRow, 'attempts'>[];
    return events.map((event) => ({
      ...event,
      attempts: (db.prepare('SELECT status_code FROM webhook_attempts WHERE event_id = ? ORDER BY attempt').all(event.id) as { status_code: number | null }[]).map(
        (a) => a.status_code ?? 0,
      ),
    }));
  });
}

/** Files counted against the account: the usage every finished order adds once. */
export function usageOf(emu: KillEmulator, email = DEMO_ACCOUNT.email): number {
  return readDb(emu.dataDir, (db) => {
    const row = db
      .prepare('SELECT COALESCE(SUM(u.count), 0) AS n FROM usage_daily u JOIN accounts a ON a.id = u.account_id WHERE a.email = ?')
      .get(email) as { n: number };
    return row.n;
  });
}

export function jobOf(emu: KillEmulator, orderId: string): { state: string; attempts: number } | undefined {
  return readDb(emu.dataDir, (db) => db.prepare('SELECT state, attempts FROM jobs WHERE order_id = ?').get(orderId)) as
    | { state: string; attempts: number }
    | undefined;
}

export async function orderStatus(emu: KillEmulator, token: string, orderId: string): Promise<string> {
  const res = await emu.request('GET', `/api/v2/orders/${orderId}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.data.status as string;
}

export async function waitForOrder(emu: KillEmulator, token: string, orderId: string, status = 'complete'): Promise<void> {
  let last: Json;
  await until(async () => {
    last = (await emu.request('GET', `/api/v2/orders/${orderId}`, { token })).body?.data;
    return last?.status === status || last?.status === 'failed';
  }, `order ${orderId} to be ${status}`);
  expect([last.status, last.errors ?? null]).toEqual([status, null]);
}

/** A webhook of the demo account pointing at the emulator's own test receiver `name`. */
export async function receiverWebhook(emu: KillEmulator, token: string, name: string): Promise<void> {
  const res = await emu.request('POST', '/api/v2/orders/webhooks', { token, body: { url: `${emu.url}/_emulator/receivers/${name}` } });
  expect(res.status, res.text).toBe(200);
}

export async function setReceiverAnswer(emu: KillEmulator, token: string, name: string, status: number): Promise<void> {
  const res = await emu.request('PUT', `/_emulator/receivers/${name}/config`, { token, body: { status } });
  expect(res.status, res.text).toBe(200);
}

/** An anti-AI order of `count` files; `uploaded` of them are put. */
export async function antiAiOrder(emu: KillEmulator, token: string, count: number, uploaded = count) {
  const res = await emu.request('POST', '/api/v2/orders/anti-ai', {
    token,
    body: { idempotencyKey: newKey(), files: Array.from({ length: count }, (_, i) => ({ fileName: `file-${i + 1}.png` })) },
  });
  expect(res.status, res.text).toBe(200);
  const orderId = res.body.data.orderId as string;
  const urls = (res.body.data.files as { uploadUrl: string }[]).map((f) => f.uploadUrl);
  for (const url of urls.slice(0, uploaded)) expect((await put(url, fixture('coins.png'))).status).toBe(200);
  return { orderId, urls };
}

export async function confirm(emu: KillEmulator, token: string, orderId: string) {
  return emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token, body: { idempotencyKey: newKey(), orderId } });
}

/**
 * The promise of the issue: the order is final, it has exactly one delivery event, that event is SENT, and the
 * receiver got it exactly `expectedCalls` times (1 unless a 200 was in flight at the kill), every copy validly
 * signed and carrying the same event id.
 */
export async function expectDeliveredOnce(emu: KillEmulator, orderId: string, receiver: string, expectedCalls = 1): Promise<StoredEventRow> {
  const event = await until(() => {
    const events = eventsOf(emu, orderId);
    return events.length === 1 && events[0]!.status === 'SENT' && events[0];
  }, `the delivery of ${orderId} to be SENT`);
  expect(eventsOf(emu, orderId)).toHaveLength(1);
  const calls = receiverCalls(emu, receiver).filter((call) => call.body?.data?.orderId === orderId);
  expect(calls).toHaveLength(expectedCalls);
  for (const call of calls) {
    expect(call.eventId).toBe(event.event_id);
    expect(call.signatureValid).toBe(true);
  }
  return event;
}
