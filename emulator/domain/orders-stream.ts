import { ALL_ORDERS, type ListOrdersFilter } from '../../src/api/schemas/orders';
import type { EmulatorContext } from '../context';
import { expireOldOrders, toOrderDetail, type OrderRow } from './orders-repo';

export { ALL_ORDERS };

/** Rows read per pull of the stream: the iterator is closed between pulls (an open one would block every write). */
const BATCH = 100;

type Cursor = { createdAt: string; rowid: number };

/**
 * The filter of `GET /orders` as SQL. Kept apart from `listOrders` on purpose: that query is tuned separately, and
 * this one only has to agree with it on which orders match (the test compares the two).
 */
function whereOf(accountId: number, filter: ListOrdersFilter): { clause: string; params: (string | number)[] } {
  const where = ['account_id = ?'];
  const params: (string | number)[] = [accountId];
  for (const column of ['status', 'type', 'channel'] as const) {
    if (filter[column] !== 'all') {
      where.push(`${column} = ?`);
      params.push(filter[column]);
    }
  }
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const pattern = `%${keyword.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
    where.push(`(name LIKE ? ESCAPE '\\' OR id LIKE ? ESCAPE '\\')`);
    params.push(pattern, pattern);
  }
  return { clause: where.join(' AND '), params };
}

/**
 * Every matching order as one JSON body, newest first, read from SQLite in keyset batches with `.iterate()` and
 * written out as it goes: neither the rows nor the answer are ever held whole in memory. `pageInfo` comes last and
 * counts what was sent: one page holding everything (`itemsPerPage: -1`, the value that asked for it).
 */
export function streamAllOrders(ctx: EmulatorContext, accountId: number, filter: ListOrdersFilter): ReadableStream<Uint8Array> {
  expireOldOrders(ctx.db);
  const { clause, params } = whereOf(accountId, filter);
  const first = ctx.db.prepare(`SELECT rowid AS _rowid, * FROM orders WHERE ${clause} ORDER BY created_at DESC, rowid DESC LIMIT ${BATCH}`);
  const next = ctx.db.prepare(
    `SELECT rowid AS _rowid, * FROM orders WHERE ${clause} AND (created_at < ? OR (created_at = ? AND rowid < ?))
     ORDER BY created_at DESC, rowid DESC LIMIT ${BATCH}`,
  );
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let sent = 0;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        let chunk = started ? '' : '{"data":{"orders":[';
        started = true;
        let read = 0;
        const rows = cursor ? next.iterate(...params, cursor.createdAt, cursor.createdAt, cursor.rowid) : first.iterate(...params);
        // Reads only inside the loop: better-sqlite3 allows them while an iterator is open, writes it would refuse.
        for (const row of rows as IterableIterator<OrderRow & { _rowid: number }>) {
          const { _rowid, ...order } = row;
          chunk += (sent > 0 ? ',' : '') + JSON.stringify(toOrderDetail(ctx, order));
          cursor = { createdAt: row.created_at, rowid: _rowid };
          sent++;
          read++;
        }
        if (read < BATCH) {
          const pageInfo = { totalItems: sent, totalPages: sent > 0 ? 1 : 0, currentPage: 1, itemsPerPage: ALL_ORDERS };
          chunk += `],"pageInfo":${JSON.stringify(pageInfo)}}}`;
          controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(chunk));
      },
    },
    { highWaterMark: 1 },
  );
}
