/**
 * A large account for the scale benchmark, written straight into a data folder before the emulator starts:
 * the emulator's own migrations, triggers and domain functions (createAccount, insertOrder, createWebhook,
 * insertEvent, recordAttempt), in one transaction, so 100k orders and 1M events take seconds to minutes,
 * not the hours the public API would.
 */
import { createAccount } from '../../emulator/domain/accounts';
import { insertEvent, recordAttempt } from '../../emulator/domain/delivery-events-repo';
import { insertOrder } from '../../emulator/domain/order-create';
import { createWebhook } from '../../emulator/domain/webhooks-repo';
import { buildPayload } from '../../emulator/webhooks/payload';
import type { OrderType } from '../../src/api/schemas/orders';
import { openSeedDatabase } from './seed-db';
import type { Account } from './stack';

export interface ScaleSeed {
  account: Account;
  orderId: string;
  webhookId: number;
  eventId: number;
  orders: number;
  events: number;
  seedSeconds: number;
}

/** The few orders whose names a selective keyword finds at every size. */
export const RARE_NAME = 'Spring launch';
export const RARE_COUNT = 5;

const DAY = 86_400_000;
const TYPES: OrderType[] = ['antiAi', 'watermarkEmbed', 'watermarkExtract'];

export function seedScale(dataDir: string, orders: number, events: number): ScaleSeed {
  const started = performance.now();
  // The whole seed is one transaction: a cache of 2 GB keeps its pages from being spilled to disk mid-way.
  const { db, ctx } = openSeedDatabase(dataDir, 2_000_000);
  const credentials = { email: 'bench-scale@example.com', password: 'password-bench' };
  const now = Date.now();
  const seeded = db.transaction(() => {
    const account = createAccount(db, { ...credentials, planType: 'pro', planStart: new Date(now - 60 * DAY), planEnd: null, usageLimit: 1_000_000_000 });
    // The second order: a finished one (the first is pending), for the detail endpoint.
    let detailOrder = '';
    const rareEvery = Math.floor(orders / RARE_COUNT);
    // Creation times over the last 6 days (none expires during the run), a tenth older and expired already;
    // finished statuses mostly, as a real history is. No jobs: nothing starts processing. Applied every 100
    // orders, not once at the end: each insert counts the account's unfinished orders (the usage check), and
    // 100k pending orders would make that count, and the seeding, quadratic.
    const settle = db.prepare(
      `UPDATE orders SET
         created_at = strftime('%Y-%m-%dT%H:%M:%fZ', (? - (CASE WHEN rowid % 10 = 0 THEN 8 * ? + rowid % (20 * ?) ELSE rowid * ? / ? END)) / 1000.0, 'unixepoch'),
         status = CASE WHEN rowid % 10 = 0 THEN 'expired'
                       WHEN rowid % 7 = 3 THEN 'failed'
                       WHEN type = 'watermarkExtract' THEN CASE WHEN rowid % 2 = 0 THEN 'detected' ELSE 'undetected' END
                       ELSE 'complete' END,
         completed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE rowid > ? AND account_id = ?`,
    );
    let settledTo = 0;
    const settleAll = () => {
      settle.run(now, DAY, DAY, 6 * DAY, Math.max(orders, 1), settledTo, account.id);
      settledTo = (db.prepare('SELECT MAX(rowid) AS id FROM orders').get() as { id: number }).id;
    };
    for (let i = 0; i < orders; i++) {
      const type = TYPES[i % 3]!;
      const name = i % rareEvery === rareEvery - 1 ? `${RARE_NAME} ${i}` : `Catalogue batch ${i + 1}`;
      const files = type === 'watermarkEmbed' ? [{ fileName: `photo-${i}.png`, watermarks: [`owner ${i}`] }] : [{ fileName: `photo-${i}.png` }];
      const created = insertOrder(ctx, account, { type, channel: 'api', name, files });
      if (i === Math.min(1, orders - 1)) detailOrder = created.orderId;
      if (i % 100 === 99) settleAll();
    }
    settleAll();
    // The few unfinished ones last, for the same reason.
    db.prepare(`UPDATE orders SET status = 'pending' WHERE account_id = ? AND rowid % 50 = 1 AND rowid % 10 != 0 AND rowid % 7 != 3`).run(account.id);
    db.prepare(`UPDATE orders SET updated_at = created_at WHERE account_id = ?`).run(account.id);

    const hook = createWebhook(db, account.id, 'Orders to the warehouse', 'http://127.0.0.1:9/bench-receiver');
    const body = JSON.stringify(
      buildPayload({
        accountId: account.id,
        orderId: detailOrder,
        orderName: 'Catalogue batch 1',
        type: 'antiAi',
        status: 'complete',
        createdAt: new Date(now).toISOString(),
        finishedAt: new Date(now).toISOString(),
        fileCount: 1,
        downloadUrl: 'http://127.0.0.1/downloads/x.zip?expires=0&signature=x',
      }).payload,
    );
    let lastEvent = 0;
    for (let i = 0; i < events; i++) {
      lastEvent = insertEvent(db, hook.id, i % 7 === 3 ? 'order.antiAi.failed' : 'order.antiAi.completed', body, new Date(now - (events - i) * 500)).id;
    }
    // Delivered or given up: the scheduler finds nothing due, so the run measures reads only.
    db.prepare(
      `UPDATE webhook_events SET status = CASE WHEN id % 9 = 0 THEN 'FAILED' ELSE 'SENT' END, retries = CASE WHEN id % 9 = 0 THEN 3 ELSE 0 END,
         next_attempt_at = NULL, last_sent_at = created_at WHERE webhook_id = ?`,
    ).run(hook.id);
    // One attempt for every 100th event (the health figures read the newest).
    for (let id = lastEvent - events + 1; id <= lastEvent; id += 100) {
      recordAttempt(
        db,
        id,
        { startedAt: new Date(now - (lastEvent - id) * 500).toISOString(), durationMs: 20 + (id % 80), statusCode: id % 9 === 0 ? 500 : 200, error: null, errorKind: null, responseExcerpt: 'ok' },
        { status: id % 9 === 0 ? 'FAILED' : 'SENT', retries: id % 9 === 0 ? 3 : 0, nextAttemptAt: null },
      );
    }
    return { account, orderId: detailOrder, webhookId: hook.id, eventId: lastEvent };
  })();
  db.close();
  return {
    account: credentials,
    orderId: seeded.orderId,
    webhookId: seeded.webhookId,
    eventId: seeded.eventId,
    orders,
    events,
    seedSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
