import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { createAccount } from '../domain/accounts';
import { insertEvent, recordAttempt } from '../domain/delivery-events-repo';
import { insertOrder } from '../domain/order-create';
import { startTestEmulator, type TestEmulator } from './harness';

/**
 * Issue 16: no query on the read path of a list, detail, stats or webhook endpoint may read a whole table
 * or sort its rows in a temporary B-tree. The plans are SQLite's own (EXPLAIN QUERY PLAN) for the SQL the
 * emulator really ran while answering those requests, with the values it bound. Not timed.
 */

/** SQL text → the values it was last run with, for every statement the emulator ran. */
function recordStatements(db: Db): Map<string, unknown[]> {
  const seen = new Map<string, unknown[]>();
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    return new Proxy(statement, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        if (key === 'get' || key === 'all' || key === 'run' || key === 'iterate') {
          return (...args: unknown[]) => {
            seen.set(sql, args);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  }) as Db['prepare'];
  return seen;
}

/** The plan's lines that read a whole table or index, or sort for ORDER BY. Virtual tables (FTS5) search their own index. */
function badSteps(db: Db, sql: string, args: unknown[]): string[] {
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[];
  return plan
    .map((step) => step.detail)
    .filter((detail) => (/^SCAN /.test(detail) && !/VIRTUAL TABLE|CONSTANT ROW/.test(detail)) || /TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(detail));
}

let emu: TestEmulator;
let token: string;
let statements: Map<string, unknown[]>;
const paths: string[] = [];

beforeAll(async () => {
  emu = await startTestEmulator();
  const { db } = emu.context;
  const account = createAccount(db, {
    email: 'plans@example.com',
    password: 'plans-password',
    planType: 'pro',
    planStart: new Date(Date.now() - 86_400_000),
    planEnd: null,
    usageLimit: 1_000_000,
  });
  token = await emu.login({ email: 'plans@example.com', password: 'plans-password' });
  // More keyword matches than the in-memory path takes (FEW_MATCHES), so the ordered-index path runs too.
  const orderIds = db.transaction(() =>
    Array.from({ length: 1_050 }, (_, i) => insertOrder(emu.context, account, { type: i % 2 ? 'antiAi' : 'watermarkExtract', channel: 'api', name: `Catalogue batch ${i}`, files: [{ fileName: 'a.png' }] }).orderId),
  )();
  const hook = (await emu.request('POST', '/api/v2/orders/webhooks', { token, body: { name: 'Plans', url: 'http://127.0.0.1:9/hook' } })).body.data.id as number;
  // Sent already: nothing for the scheduler to do, so the only statements are the requests'.
  db.prepare('UPDATE webhooks SET is_active = 0 WHERE id = ?').run(hook);
  const eventIds = db.transaction(() => Array.from({ length: 60 }, () => insertEvent(db, hook, 'order.antiAi.completed', '{}').id))();
  for (const id of eventIds.slice(0, 5)) {
    recordAttempt(db, id, { startedAt: new Date().toISOString(), durationMs: 3, statusCode: 500, error: null, errorKind: null, responseExcerpt: 'no' }, { status: 'FAILED', retries: 3, nextAttemptAt: null });
  }

  statements = recordStatements(db);
  const orderId = orderIds[0]!;
  paths.push(
    '/api/v2/orders',
    '/api/v2/orders?page=50&limit=20',
    '/api/v2/orders?page=20&limit=20',
    '/api/v2/orders?status=pending',
    '/api/v2/orders?status=pending&page=20',
    '/api/v2/orders?type=antiAi',
    '/api/v2/orders?channel=api',
    '/api/v2/orders?status=pending&type=antiAi&channel=api',
    '/api/v2/orders?keyword=batch%2012',
    '/api/v2/orders?keyword=batch%2012&status=pending',
    '/api/v2/orders?keyword=Catalogue',
    '/api/v2/orders?keyword=Catalogue&page=30',
    '/api/v2/orders?keyword=12',
    `/api/v2/orders/${orderId}`,
    `/api/v2/orders/${orderId}/download`,
    '/api/v2/orders/stats/recent',
    '/api/v2/orders/webhooks',
    '/api/v2/orders/webhooks?keyword=Pla',
    `/api/v2/orders/webhooks/${hook}`,
    `/api/v2/orders/webhooks/${hook}/events`,
    `/api/v2/orders/webhooks/${hook}/events?page=3&limit=20`,
    `/_emulator/webhooks/${hook}/attempts`,
    `/_emulator/webhooks/${hook}/events/${eventIds[0]}/attempts`,
  );
  for (const path of paths) {
    const res = await emu.request('GET', path, { token });
    // download answers 400 (the order is pending); every other path must succeed.
    if (!path.endsWith('/download')) expect([path, res.status]).toEqual([path, 200]);
  }
}, 60_000);

afterAll(async () => {
  await emu.close();
});

describe('query plans of the read endpoints', () => {
  it('ran the statements of every list, detail, stats and webhook endpoint', () => {
    const sql = [...statements.keys()].join('\n');
    for (const expected of ['orders_fts MATCH', 'FROM order_counts', 'FROM webhook_event_counts', 'FROM webhook_attempts WHERE webhook_id', 'FROM usage_daily', "status != 'expired'", 'ORDER BY created_at ASC', 'FROM order_changes', 'seq <= ?']) {
      expect(sql).toContain(expected);
    }
  });

  it('never scans a whole table and never sorts in a temporary B-tree', () => {
    const { db } = emu.context;
    const offenders = [...statements]
      .map(([sql, args]) => ({ sql: sql.replace(/\s+/g, ' ').trim(), bad: badSteps(db, sql, args) }))
      .filter((entry) => entry.bad.length > 0);
    expect(offenders).toEqual([]);
  });

  it('tells a whole-table scan and an ORDER BY sort apart from index searches (the checker itself)', () => {
    const { db } = emu.context;
    expect(badSteps(db, 'SELECT * FROM orders WHERE name = ?', ['x'])).toEqual(['SCAN orders']);
    expect(badSteps(db, 'SELECT rowid FROM orders WHERE account_id = ? ORDER BY name', [1])).toEqual(['USE TEMP B-TREE FOR ORDER BY']);
    expect(badSteps(db, 'SELECT rowid FROM orders WHERE account_id = ? ORDER BY created_at DESC, rowid DESC', [1])).toEqual([]);
  });
});
