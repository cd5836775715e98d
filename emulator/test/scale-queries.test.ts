import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/database';
import { migrations } from '../db/migrations';
import { createAccount, type Account } from '../domain/accounts';
import { insertEvent } from '../domain/delivery-events-repo';
import { insertOrder } from '../domain/order-create';
import { startTestEmulator, type TestEmulator } from './harness';

/**
 * What the indexes, counters and the trigram search of issue 16 must not change: the same orders, totals
 * and pages as the plain queries they replaced (LIKE, COUNT(*), OFFSET over the rows), and an existing
 * data folder upgrades to them.
 */

const NAMES = ['Catalogue batch 1', 'catalogue BATCH 12', 'Summer 50% sale', 'under_score', 'say "cheese"', 'Été à Paris', 'ab'];

/** The orders list as it was computed before issue 16, straight from the table. */
function plainList(db: Database.Database, accountId: number, query: { keyword?: string; status?: string }, page: number, limit: number) {
  const where = ['account_id = ?'];
  const params: unknown[] = [accountId];
  if (query.status) {
    where.push('status = ?');
    params.push(query.status);
  }
  if (query.keyword) {
    const pattern = `%${query.keyword.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
    where.push(`(name LIKE ? ESCAPE '\\' OR id LIKE ? ESCAPE '\\')`);
    params.push(pattern, pattern);
  }
  const clause = where.join(' AND ');
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE ${clause}`).get(...params) as { n: number }).n;
  const ids = (
    db.prepare(`SELECT id FROM orders WHERE ${clause} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`).all(...params, limit, (page - 1) * limit) as {
      id: string;
    }[]
  ).map((r) => r.id);
  return { total, ids };
}

describe('orders list at scale', () => {
  let emu: TestEmulator;
  let token: string;
  let account: Account;

  beforeAll(async () => {
    emu = await startTestEmulator();
    const { db } = emu.context;
    account = createAccount(db, {
      email: 'scale@example.com',
      password: 'scale-password',
      planType: 'pro',
      planStart: new Date(Date.now() - 86_400_000),
      planEnd: null,
      usageLimit: 1_000_000,
    });
    token = await emu.login({ email: 'scale@example.com', password: 'scale-password' });
    db.transaction(() => {
      // 1,200 "Catalogue" orders: more matches than the in-memory keyword path takes, so both paths run.
      for (let i = 0; i < 1_260; i++) {
        const name = i < 1_200 ? `Catalogue batch ${i}` : NAMES[i % NAMES.length]!;
        insertOrder(emu.context, account, { type: 'antiAi', channel: 'api', name, files: [{ fileName: 'a.png' }] });
      }
      // Equal timestamps in runs of 7, so the rowid tie-break matters; a few statuses.
      db.prepare(
        `UPDATE orders SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (rowid / 7) || ' minutes'),
                           status = CASE rowid % 5 WHEN 0 THEN 'complete' WHEN 1 THEN 'failed' ELSE status END
         WHERE account_id = ?`,
      ).run(account.id);
    })();
  }, 60_000);

  afterAll(async () => {
    await emu.close();
  });

  const list = async (query: string) => {
    const res = await emu.request('GET', `/api/v2/orders?${query}`, { token });
    expect(res.status).toBe(200);
    return { total: res.body.data.pageInfo.totalItems as number, ids: (res.body.data.orders as { orderId: string }[]).map((o) => o.orderId) };
  };

  it('pages, deep pages and status filters give the same orders and totals as the plain query', async () => {
    const { db } = emu.context;
    for (const [query, status, page, limit] of [
      ['', undefined, 1, 10],
      ['page=37&limit=20', undefined, 37, 20],
      ['page=127&limit=10', undefined, 127, 10],
      // Past the middle, read from the oldest end: the last page, a short last page, just past the middle.
      ['page=126&limit=10', undefined, 126, 10],
      ['page=13&limit=100', undefined, 13, 100],
      ['page=64&limit=10', undefined, 64, 10],
      ['status=failed&page=5&limit=50', 'failed', 5, 50],
      ['status=failed&page=3&limit=50', 'failed', 3, 50],
      ['status=pending&page=9&limit=100', 'pending', 9, 100],
    ] as const) {
      expect([query, await list(query)]).toEqual([query, plainList(db, account.id, { status }, page, limit)]);
    }
  });

  it('finds by keyword exactly what LIKE found: any case, % _ and " literal, the id too, under 3 characters as well', async () => {
    const { db } = emu.context;
    const someId = (db.prepare('SELECT id FROM orders WHERE account_id = ? LIMIT 1').get(account.id) as { id: string }).id;
    for (const keyword of ['batch 12', 'BATCH 1', '50%', '%', 'r_s', '_', '"cheese"', 'Paris', someId.slice(4, 12), 'ab', '1', 'Catalogue', 'zzz']) {
      for (const [query, page, limit, status] of [
        ['&limit=20', 1, 20, undefined],
        ['&page=4&limit=30', 4, 30, undefined],
        ['&status=complete', 1, 10, 'complete'],
      ] as const) {
        const got = await list(`keyword=${encodeURIComponent(keyword)}${query}`);
        expect([keyword, query, got]).toEqual([keyword, query, plainList(db, account.id, { keyword, status }, page, limit)]);
      }
    }
  });

  it('keeps totals right when orders change status and expire', async () => {
    const { db } = emu.context;
    const before = await list('status=complete');
    // A search read once is kept: it must follow the changes below as the plain query does.
    const search = 'keyword=Catalogue&status=complete&limit=100';
    expect(await list(search)).toEqual(plainList(db, account.id, { keyword: 'Catalogue', status: 'complete' }, 1, 100));
    const pending = (db.prepare(`SELECT id FROM orders WHERE account_id = ? AND status = 'pending' LIMIT 3`).all(account.id) as { id: string }[]).map(
      (r) => r.id,
    );
    for (const id of pending) db.prepare(`UPDATE orders SET status = 'complete' WHERE id = ?`).run(id);
    expect((await list('status=complete')).total).toBe(before.total + 3);
    // Older than 7 days: the next read expires them, and every total follows.
    db.prepare(`UPDATE orders SET created_at = '2020-01-01T00:00:00.000Z' WHERE id IN (?, ?, ?)`).run(...pending);
    expect((await list('status=expired')).total).toBe(3);
    expect((await list('status=complete')).total).toBe(before.total);
    for (const status of ['pending', 'complete', 'failed', 'expired'] as const) {
      expect([status, await list(`status=${status}&limit=100`)]).toEqual([status, plainList(db, account.id, { status }, 1, 100)]);
    }
    expect((await list('')).total).toBe(1_260);
    expect(await list(search)).toEqual(plainList(db, account.id, { keyword: 'Catalogue', status: 'complete' }, 1, 100));
    // A rename is a change too.
    const renamed = (await list(search)).ids[0]!;
    db.prepare(`UPDATE orders SET name = 'Renamed' WHERE id = ?`).run(renamed);
    expect((await list(search)).ids).not.toContain(renamed);
    expect((await list('keyword=Renamed')).ids).toEqual([renamed]);
  });

  // Last: it adds orders the tests above do not expect.
  it('shows each order on a list page as its own page shows it (all files of a page read in one statement)', async () => {
    const extract = insertOrder(emu.context, account, { type: 'watermarkExtract', channel: 'api', name: 'Two roles', files: [{ fileName: 'marked.png' }, { fileName: 'original.png', role: 'original' }] });
    const embed = insertOrder(emu.context, account, { type: 'watermarkEmbed', channel: 'api', name: 'Three files', files: ['a', 'b', 'c'].map((n) => ({ fileName: `${n}.png`, watermarks: [`owner ${n}`] })) });
    const page = await emu.request('GET', '/api/v2/orders?limit=5', { token });
    const listed = page.body.data.orders as { orderId: string; fileCount: number }[];
    expect(listed.map((o) => o.orderId).slice(0, 2)).toEqual([embed.orderId, extract.orderId]);
    for (const order of listed) {
      const detail = await emu.request('GET', `/api/v2/orders/${order.orderId}`, { token });
      expect(order).toEqual(detail.body.data);
    }
    expect(listed.slice(0, 2).map((o) => o.fileCount)).toEqual([3, 1]);
  });
});

describe('an existing data folder', () => {
  let emu: TestEmulator;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-upgrade-'));

  beforeAll(async () => {
    // A database made by the migrations shipped before issue 16, with data in it.
    const db = new Database(path.join(dir, 'emulator.sqlite'));
    migrate(db, migrations.slice(0, migrations.findIndex((m) => m.name === '030-orders-at-scale')));
    db.prepare(`INSERT INTO accounts (id, email, password_hash, api_key, migration_key, plan_type, plan_start, usage_limit, created_at)
                VALUES (77, 'old@example.com', 'x', 'sk_old', 'mk_old', 'pro', '2026-01-01', 1000, '2026-01-01')`).run();
    const now = Date.now();
    for (let i = 0; i < 30; i++) {
      const at = new Date(now - i * 60_000).toISOString();
      db.prepare(`INSERT INTO orders (id, account_id, type, channel, name, status, created_at, updated_at) VALUES (?, 77, 'antiAi', 'api', ?, ?, ?, ?)`).run(
        `ord_old_${i}`,
        `Old spring order ${i}`,
        i % 3 ? 'complete' : 'failed',
        at,
        at,
      );
    }
    db.prepare(`INSERT INTO webhooks (id, account_id, name, url, secret, is_active, created_at, updated_at) VALUES (5, 77, 'Old', 'http://127.0.0.1:9/x', 's', 0, ?, ?)`).run(
      new Date(now).toISOString(),
      new Date(now).toISOString(),
    );
    for (let i = 1; i <= 25; i++) {
      db.prepare(
        `INSERT INTO webhook_events (id, webhook_id, event_id, event_type, body, status, retries, last_sent_at, created_at) VALUES (?, 5, ?, 'order.antiAi.completed', '{}', 'FAILED', 3, ?, ?)`,
      ).run(i, `evt-${i}`, new Date(now - (30 - i) * 1000).toISOString(), new Date(now).toISOString());
      db.prepare(`INSERT INTO webhook_attempts (event_id, attempt, started_at, duration_ms, status_code) VALUES (?, 1, ?, 5, 500)`).run(i, new Date(now).toISOString());
    }
    db.close();
    emu = await startTestEmulator({}, dir);
  }, 60_000);

  afterAll(async () => {
    await emu.close();
  });

  it('upgrades: counters, the trigram index and attempts by webhook cover the rows written before', async () => {
    const { db } = emu.context;
    const { token } = await emu.context.tokens.issue(77);
    const orders = await emu.request('GET', '/api/v2/orders?status=failed&limit=100', { token });
    expect(orders.body.data.pageInfo.totalItems).toBe(10);
    const found = await emu.request('GET', `/api/v2/orders?keyword=${encodeURIComponent('spring order 2')}&limit=100`, { token });
    expect(found.body.data.orders.map((o: { orderId: string }) => o.orderId).sort()).toEqual(['ord_old_2', 'ord_old_20', 'ord_old_21', 'ord_old_22', 'ord_old_23', 'ord_old_24', 'ord_old_25', 'ord_old_26', 'ord_old_27', 'ord_old_28', 'ord_old_29'].sort());
    const events = await emu.request('GET', '/api/v2/orders/webhooks/5/events?page=2&limit=10', { token });
    expect(events.body.data.pagination).toEqual({ page: 2, limit: 10, total: 25, totalPages: 3 });
    expect(events.body.data.events.map((e: { id: number }) => e.id)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
    const attempts = await emu.request('GET', '/_emulator/webhooks/5/attempts?limit=3', { token });
    expect(attempts.body.data.attempts.map((a: { eventId: number }) => a.eventId)).toEqual([25, 24, 23]);
    // New writes keep the counters going from the migrated values.
    insertEvent(db, 5, 'order.antiAi.failed', '{}');
    const after = await emu.request('GET', '/api/v2/orders/webhooks/5/events?limit=1', { token });
    expect(after.body.data.pagination.total).toBe(26);
    // The new event takes the place after the migrated ones: first in the list, and the last page is the first event.
    expect(after.body.data.events[0].id).toBe(db.prepare('SELECT MAX(id) FROM webhook_events').pluck().get());
    const last = await emu.request('GET', '/api/v2/orders/webhooks/5/events?page=3&limit=10', { token });
    expect(last.body.data.events.map((e: { id: number }) => e.id)).toEqual([6, 5, 4, 3, 2, 1]);
    const list = await emu.request('GET', '/api/v2/orders/webhooks', { token });
    expect(list.body.data.webhooks[0].lastSentAt).toBe(db.prepare('SELECT MAX(last_sent_at) AS m FROM webhook_events').pluck().get());
  });
});

describe('webhook event totals', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(async () => {
    await emu.close();
  });

  it('count inserts per webhook and go with a deleted webhook; deep pages match the plain OFFSET', async () => {
    const token = await emu.login();
    const { db } = emu.context;
    const make = async (name: string) => (await emu.request('POST', '/api/v2/orders/webhooks', { token, body: { name, url: 'http://127.0.0.1:9/x' } })).body.data.id as number;
    const [a, b] = [await make('A'), await make('B')];
    db.prepare('UPDATE webhooks SET is_active = 0').run();
    db.transaction(() => {
      for (let i = 0; i < 230; i++) insertEvent(db, i % 3 ? a : b, 'order.antiAi.completed', '{}');
    })();
    const page = async (id: number, query: string) => (await emu.request('GET', `/api/v2/orders/webhooks/${id}/events?${query}`, { token })).body.data;
    expect((await page(a, 'limit=1')).pagination.total).toBe(153);
    expect((await page(b, 'limit=1')).pagination.total).toBe(77);
    const deep = await page(a, 'page=7&limit=20');
    const plain = db.prepare('SELECT id FROM webhook_events WHERE webhook_id = ? ORDER BY id DESC LIMIT 20 OFFSET 120').pluck().all(a);
    expect(deep.events.map((e: { id: number }) => e.id)).toEqual(plain);
    await emu.request('DELETE', `/api/v2/orders/webhooks/${b}`, { token });
    expect(db.prepare('SELECT COUNT(*) FROM webhook_event_counts WHERE webhook_id = ?').pluck().get(b)).toBe(0);
    expect((await page(a, 'limit=1')).pagination.total).toBe(153);
  });
});
