import type { Db } from '../db/database';
import { ORDER_LIFETIME_MS } from './orders-repo';

/**
 * Files held against the usage limit by orders that may still be counted: input files of the account's pending and
 * in-progress orders that have not expired. Derived from the orders themselves rather than kept as a counter, so a
 * reservation ends by itself when its order completes (then counted as usage), fails or expires, and a restart
 * cannot leave one behind. Creation checks it inside its `BEGIN IMMEDIATE` transaction, so parallel creations see
 * each other's orders and the limit holds under any concurrency.
 */
export function reservedFiles(db: Db, accountId: number, now = Date.now()): number {
  const cutoff = new Date(now - ORDER_LIFETIME_MS).toISOString();
  const row = db
    .prepare(
      `SELECT COUNT(*) AS n FROM order_files f JOIN orders o ON o.id = f.order_id
       WHERE o.account_id = ? AND o.status IN ('pending', 'inProgress') AND o.created_at > ? AND f.role = 'input'`,
    )
    .get(accountId, cutoff) as { n: number };
  return row.n;
}
