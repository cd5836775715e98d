import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAttemptsResponse } from '../../src/api/schemas/emulator';
import { listEventsResponse } from '../../src/api/schemas/webhooks';
import { migrate } from '../db/database';
import { migrations } from '../db/migrations';
import { findAccountByEmail } from '../domain/accounts';
import { emitOrderFinished, finishedOrder, waitFor } from './emit-order-finished';
import { SECOND_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';
import { startReceiver } from './test-receiver';

let emu: TestEmulator;
let token: string;
let accountId: number;
beforeAll(async () => {
  emu = await startTestEmulator({ webhookRetryDelaysMs: [20, 20, 20] });
  token = await emu.login(SECOND_ACCOUNT);
  accountId = findAccountByEmail(emu.context.db, SECOND_ACCOUNT.email)!.id;
});
afterAll(async () => {
  await emu.close();
});

const BASE = '/api/v2/orders/webhooks';

/** One delivery to `url` until it settles; returns its attempts as the endpoint serves them. */
async function attemptsFor(url: string) {
  const hook = (await emu.request('POST', BASE, { token, body: { name: 'Kinds', url } })).body.data as { id: number };
  try {
    emitOrderFinished(emu.context, finishedOrder(accountId));
    const event = await waitFor(async () => {
      const res = await emu.request('GET', `${BASE}/${hook.id}/events`, { token });
      const first = listEventsResponse.parse(res.body.data).events[0];
      return first && (first.status === 'FAILED' || first.status === 'SENT') ? first : undefined;
    });
    const res = await emu.request('GET', `/_emulator/webhooks/${hook.id}/events/${event.id}/attempts`, { token });
    return deliveryAttemptsResponse.parse(res.body.data).attempts;
  } finally {
    await emu.request('DELETE', `${BASE}/${hook.id}`, { token });
  }
}

describe('attempts endpoint: errorKind', () => {
  it('is "redirect" for a 3xx, next to the words', async () => {
    const receiver = await startReceiver(() => ({ status: 302, headers: { Location: 'https://example.com/final' } }));
    try {
      const attempts = await attemptsFor(receiver.url);
      expect(attempts[0]).toMatchObject({ statusCode: 302, errorKind: 'redirect', error: 'redirect not followed (302 → https://example.com/final)' });
    } finally {
      await receiver.close();
    }
  });

  it('is "connection-refused" when nothing listens', async () => {
    const receiver = await startReceiver();
    await receiver.close();
    const attempts = await attemptsFor(receiver.url);
    expect(attempts.map((a) => a.errorKind)).toEqual(Array(4).fill('connection-refused'));
  });

  it('is null for an HTTP answer that is not a redirect', async () => {
    const receiver = await startReceiver(() => ({ status: 500 }));
    try {
      const attempts = await attemptsFor(receiver.url);
      expect(attempts[0]).toMatchObject({ statusCode: 500, errorKind: null, error: null });
    } finally {
      await receiver.close();
    }
  });
});

describe('attempts recorded before the kind was stored', () => {
  let old: TestEmulator;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-kinds-'));
  /** The words older emulators wrote, and the kind each must be served with after the upgrade. */
  const recorded: [string | null, string | null][] = [
    ['redirect not followed (301 → https://example.com/b)', 'redirect'],
    ['timeout', 'timeout'],
    ['connection refused', 'connection-refused'],
    ['DNS lookup failed', 'dns'],
    ['TLS error', 'tls'],
    ['connection reset', 'connection-reset'],
    ['socket hang up', 'other'],
    [null, null],
  ];

  beforeAll(async () => {
    const db = new Database(path.join(dir, 'emulator.sqlite'));
    migrate(db, migrations.slice(0, migrations.findIndex((m) => m.name === '091-attempt-error-kind')));
    const at = new Date().toISOString();
    db.prepare(`INSERT INTO accounts (id, email, password_hash, api_key, migration_key, plan_type, plan_start, usage_limit, created_at)
                VALUES (77, 'old@example.com', 'x', 'sk_old', 'mk_old', 'pro', '2026-01-01', 1000, '2026-01-01')`).run();
    db.prepare(`INSERT INTO webhooks (id, account_id, name, url, secret, is_active, created_at, updated_at) VALUES (5, 77, 'Old', 'http://127.0.0.1:9/x', 's', 0, ?, ?)`).run(at, at);
    db.prepare(`INSERT INTO webhook_events (id, webhook_id, event_id, event_type, body, status, retries, created_at) VALUES (1, 5, 'evt-1', 'order.antiAi.completed', '{}', 'FAILED', 3, ?)`).run(at);
    recorded.forEach(([error], i) => {
      db.prepare(`INSERT INTO webhook_attempts (event_id, webhook_id, attempt, started_at, duration_ms, status_code, error) VALUES (1, 5, ?, ?, 5, ?, ?)`).run(
        i + 1,
        at,
        error === null ? 500 : null,
        error,
      );
    });
    db.close();
    old = await startTestEmulator({}, dir);
  }, 60_000);

  afterAll(async () => {
    await old.close();
  });

  it('serves the kind the upgrade read from their words, once', async () => {
    const { token } = await old.context.tokens.issue(77);
    const res = await old.request('GET', '/_emulator/webhooks/5/events/1/attempts', { token });
    const attempts = deliveryAttemptsResponse.parse(res.body.data).attempts;
    expect(attempts.map((a) => [a.error, a.errorKind])).toEqual(recorded);
  });
});
