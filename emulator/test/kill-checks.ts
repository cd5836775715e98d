import { expect } from 'vitest';
import { EVENT_ID_HEADER } from '../../src/api/schemas/webhooks';
import { readDb, until, type ChildEmulator } from './child-emulator';
import { DEMO_ACCOUNT } from './harness';
import { fixture, newKey, put, type Json } from './orders-helpers';

/** What the kill tests read back: the database of a running child, never of a killed one (see readDb). */

export interface ReceiverCall {
  eventId: string;
  signatureValid: boolean | null;
  body: Json;
}

/** Requests the built-in test receiver stored under this name, oldest first. */
export function receiverCalls(emu: ChildEmulator, receiver: string): ReceiverCall[] {
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
export function eventsOf(emu: ChildEmulator, orderId: string): StoredEventRow[] {
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
export function usageOf(emu: ChildEmulator, email = DEMO_ACCOUNT.email): number {
  return readDb(emu.dataDir, (db) => {
    const row = db
      .prepare('SELECT COALESCE(SUM(u.count), 0) AS n FROM usage_daily u JOIN accounts a ON a.id = u.account_id WHERE a.email = ?')
      .get(email) as { n: number };
    return row.n;
  });
}

export function jobOf(emu: ChildEmulator, orderId: string): { state: string; attempts: number } | undefined {
  return readDb(emu.dataDir, (db) => db.prepare('SELECT state, attempts FROM jobs WHERE order_id = ?').get(orderId)) as
    | { state: string; attempts: number }
    | undefined;
}

export async function orderStatus(emu: ChildEmulator, token: string, orderId: string): Promise<string> {
  const res = await emu.request('GET', `/api/v2/orders/${orderId}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.data.status as string;
}

export async function waitForOrder(emu: ChildEmulator, token: string, orderId: string, status = 'complete'): Promise<void> {
  let last: Json;
  await until(async () => {
    last = (await emu.request('GET', `/api/v2/orders/${orderId}`, { token })).body?.data;
    return last?.status === status || last?.status === 'failed';
  }, `order ${orderId} to be ${status}`);
  expect([last.status, last.errors ?? null]).toEqual([status, null]);
}

/** A webhook of the demo account pointing at the emulator's own test receiver `name`. */
export async function receiverWebhook(emu: ChildEmulator, token: string, name: string): Promise<void> {
  const res = await emu.request('POST', '/api/v2/orders/webhooks', { token, body: { url: `${emu.url}/_emulator/receivers/${name}` } });
  expect(res.status, res.text).toBe(200);
}

export async function setReceiverAnswer(emu: ChildEmulator, token: string, name: string, status: number): Promise<void> {
  const res = await emu.request('PUT', `/_emulator/receivers/${name}/config`, { token, body: { status } });
  expect(res.status, res.text).toBe(200);
}

/** An anti-AI order of `count` files; `uploaded` of them are put. */
export async function antiAiOrder(emu: ChildEmulator, token: string, count: number, uploaded = count) {
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

export async function confirm(emu: ChildEmulator, token: string, orderId: string) {
  return emu.request('POST', '/api/v2/orders/anti-ai/confirm', { token, body: { idempotencyKey: newKey(), orderId } });
}

/**
 * The promise of the issue: the order is final, it has exactly one delivery event, that event is SENT, and the
 * receiver got it exactly `expectedCalls` times (1 unless a 200 was in flight at the kill), every copy validly
 * signed and carrying the same event id.
 */
export async function expectDeliveredOnce(emu: ChildEmulator, orderId: string, receiver: string, expectedCalls = 1): Promise<StoredEventRow> {
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
