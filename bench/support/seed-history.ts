/**
 * A busy API account for the history benchmark (issue 27), written straight into a data folder before the emulator
 * starts, with the emulator's own migrations, triggers and insertOrder in one transaction (as seed-scale.ts does):
 * `orders` finished orders spread evenly over the last 365 days, newest a minute ago. Orders older than the order
 * lifetime (7 days) are `expired` as the service shows them, keeping the `completedAt` of those that finished with a
 * result; about one in seven failed.
 */
import { createAccount } from '../../emulator/domain/accounts';
import { insertOrder } from '../../emulator/domain/order-create';
import type { OrderType } from '../../src/api/schemas/orders';
import { openSeedDatabase } from './seed-db';
import type { Account } from './stack';

const DAY = 86_400_000;
const TYPES: OrderType[] = ['antiAi', 'watermarkEmbed', 'watermarkExtract'];

export function seedHistory(dataDir: string, orders: number, now = Date.now()): { account: Account; seconds: number } {
  const started = performance.now();
  const { db, ctx } = openSeedDatabase(dataDir, 1_000_000);
  const credentials = { email: `bench-history-${orders}@example.com`, password: 'password-bench' };
  db.transaction(() => {
    const account = createAccount(db, { ...credentials, planType: 'pro', planStart: new Date(now - 400 * DAY), planEnd: null, usageLimit: 1_000_000_000 });
    // rowid k of the account's n-th order: created (n / orders) of a year ago (the newest a minute ago), finished a
    // minute after creation. Applied every 100 orders (the usage check of each insert counts unfinished orders).
    const settle = db.prepare(
      `UPDATE orders SET
         created_at = strftime('%Y-%m-%dT%H:%M:%fZ', (@now - 60000 - (@last - rowid) * @step) / 1000.0, 'unixepoch'),
         completed_at = CASE WHEN rowid % 7 = 3 THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', (@now - (@last - rowid) * @step) / 1000.0, 'unixepoch') END,
         status = CASE WHEN (@last - rowid) * @step + 60000 > 7 * 86400000 THEN 'expired'
                       WHEN rowid % 7 = 3 THEN 'failed'
                       WHEN type = 'watermarkExtract' THEN 'detected'
                       ELSE 'complete' END
       WHERE rowid > @from AND account_id = @account`,
    );
    const ids: number[] = [];
    let settledTo = 0;
    for (let i = 0; i < orders; i++) {
      const type = TYPES[i % 3]!;
      const files = type === 'watermarkEmbed' ? [{ fileName: `photo-${i}.png`, watermarks: [`owner ${i}`] }] : [{ fileName: `photo-${i}.png` }];
      insertOrder(ctx, account, { type, channel: 'api', name: `Catalogue batch ${i + 1}`, files });
      if (i % 100 === 99 || i === orders - 1) {
        const last = (db.prepare('SELECT MAX(rowid) AS id FROM orders').get() as { id: number }).id;
        ids.push(last);
        // The newest order is the last inserted: its rowid is the final maximum, known only at the end; the step
        // spreads `orders` rowids over a year.
        settle.run({ now, last: 0, step: 0, from: settledTo, account: account.id });
        settledTo = last;
      }
    }
    const last = (db.prepare('SELECT MAX(rowid) AS id FROM orders').get() as { id: number }).id;
    settle.run({ now, last, step: (365 * DAY) / Math.max(orders, 1), from: 0, account: account.id });
    db.prepare(`UPDATE orders SET updated_at = COALESCE(completed_at, created_at) WHERE account_id = ?`).run(account.id);
  })();
  db.close();
  return { account: credentials, seconds: Math.round((performance.now() - started) / 100) / 10 };
}
