import { ORDER_LIFETIME_DAYS } from '../../src/api/limits';
import type { ListOrdersFilter, Order, OrderStatus, OrderType } from '../../src/api/schemas/orders';
import type { EmulatorContext } from '../context';
import type { Db } from '../db/database';
import { getUrl } from '../shared/presign';
import { refuse } from './domain-error';
import { DAY_MS } from '../../src/lib/time';

/** Orders move to expired this long after creation (interface notes). */
export const ORDER_LIFETIME_MS = ORDER_LIFETIME_DAYS * DAY_MS;

export interface OrderRow {
  id: string;
  account_id: number;
  type: OrderType;
  channel: 'api' | 'web';
  name: string;
  status: OrderStatus;
  strength: string | null;
  zero_copy: number;
  errors: string | null;
  error_code: string | null;
  watermark_text: string | null;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  completed_at: string | null;
  failed_at: string | null;
}

export interface FileRow {
  id: number;
  order_id: string;
  position: number;
  role: 'input' | 'original';
  file_name: string;
  file_key: string;
  source_url: string | null;
  stored_path: string | null;
  uploaded_at: string | null;
  size: number | null;
  watermarks: string | null;
  payload: number | null;
  output_url: string | null;
  output_key: string | null;
  result_path: string | null;
  processed_at: string | null;
}

/**
 * Persists expiry so status filters and every reader agree. Called before each read, so it must stay a seek:
 * the partial index orders_expirable holds only orders that can still expire, and the write (a lock and
 * an fsync) happens only when one is due.
 */
export function expireOldOrders(db: Db, now = Date.now()): void {
  const cutoff = new Date(now - ORDER_LIFETIME_MS).toISOString();
  if (!db.prepare(`SELECT 1 FROM orders WHERE status != 'expired' AND created_at <= ? LIMIT 1`).get(cutoff)) return;
  db.prepare(`UPDATE orders SET status = 'expired', updated_at = ? WHERE status != 'expired' AND created_at <= ?`).run(
    new Date(now).toISOString(),
    cutoff,
  );
}

export function getOrder(db: Db, orderId: string): OrderRow | undefined {
  return db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow | undefined;
}

/** Another account's order answers exactly like a missing one: nothing tells that it exists. */
export function findOwnOrder(db: Db, accountId: number, orderId: string): OrderRow {
  expireOldOrders(db);
  const row = getOrder(db, orderId);
  if (!row || row.account_id !== accountId) refuse('ORDER_NOT_FOUND', 'There is no order with that id');
  return row;
}

/**
 * The files of a page of orders in one statement instead of one per order (a list page was ten). Each order's
 * files in filesOf's order: the rows come per order from the (order_id, role, position) index.
 */
export function filesOfOrders(db: Db, orderIds: string[]): Map<string, FileRow[]> {
  const byOrder = new Map<string, FileRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = db.prepare(`SELECT f.* FROM json_each(?) AS page CROSS JOIN order_files f ON f.order_id = page.value`).all(JSON.stringify(orderIds)) as FileRow[];
  for (const row of rows) byOrder.get(row.order_id)!.push(row);
  const rank = (f: FileRow) => (f.role === 'input' ? 0 : 1);
  for (const files of byOrder.values()) files.sort((a, b) => rank(a) - rank(b) || a.position - b.position);
  return byOrder;
}

/** Inputs first ('input' sorts before 'original'), in the unique index's own order: no sort step. */
export function filesOf(db: Db, orderId: string): FileRow[] {
  return db.prepare(`SELECT * FROM order_files WHERE order_id = ? ORDER BY role, position`).all(orderId) as FileRow[];
}

export function inputFilesOf(db: Db, orderId: string): FileRow[] {
  return filesOf(db, orderId).filter((f) => f.role === 'input');
}

const isPdf = (name: string) => name.toLowerCase().endsWith('.pdf');

/**
 * Result first, else the stored input; null when nothing image-like is stored
 * yet, and for a failed order without a result (its input may be the broken file).
 */
export function thumbnailSource(db: Db, orderId: string): string | null {
  const order = getOrder(db, orderId);
  return order ? thumbnailOf(order, inputFilesOf(db, orderId)) : null;
}

/** thumbnailSource for an order and its input files already read (a list page reads each once). */
function thumbnailOf(order: OrderRow, inputs: FileRow[]): string | null {
  const first = inputs[0];
  if (!first || isPdf(first.file_name)) return null;
  if (first.result_path) return first.result_path;
  return order.status === 'failed' ? null : first.stored_path;
}

export function thumbnailKey(orderId: string): string {
  return `thumbnails/${orderId}.jpg`;
}

export function downloadKey(orderId: string): string {
  return `downloads/${orderId}.zip`;
}

function watermarksOf(files: FileRow[]): string[] {
  const texts: string[] = [];
  for (const file of files) {
    for (const text of JSON.parse(file.watermarks ?? '[]') as string[]) if (!texts.includes(text)) texts.push(text);
  }
  return texts;
}

export function toOrderDetail(ctx: EmulatorContext, row: OrderRow, files = filesOf(ctx.db, row.id)): Order {
  const inputs = files.filter((f) => f.role === 'input');
  const thumb = thumbnailOf(row, inputs);
  return {
    orderId: row.id,
    orderName: row.name,
    type: row.type,
    channel: row.channel,
    status: row.status,
    fileCount: inputs.length,
    thumbnailImageUrl: thumb ? getUrl(ctx, thumbnailKey(row.id)) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    errors: row.status === 'failed' ? row.errors : null,
    // An array for every kind (the detail schema types it so); only embed orders have texts in it.
    watermarks: row.type === 'watermarkEmbed' ? watermarksOf(inputs) : [],
    watermarkText: row.status === 'detected' ? row.watermark_text : null,
    completedAt: row.completed_at,
  };
}

/** The trigram tokenizer matches substrings of 3 characters or more; shorter keywords fall back to LIKE. */
const TRIGRAM = 3;

/** The keyword as one FTS5 phrase: every character literal, a double quote doubled. */
const ftsPhrase = (keyword: string) => `"${keyword.replaceAll('"', '""')}"`;

/** Up to this many keyword matches are sorted in memory; more, and the page walks the ordered index instead. */
const FEW_MATCHES = 1000;

/**
 * A page of orders, newest first. Every step reads an index range, never the account's whole history:
 * the page's row ids come from a covering index (deep pages skip index entries, not rows), then the rows
 * by id; totals come from order_counts. A keyword's matches are read once and kept (keywordMatches).
 */
export function listOrders(ctx: EmulatorContext, accountId: number, filter: ListOrdersFilter): { rows: OrderRow[]; total: number } {
  const { db } = ctx;
  expireOldOrders(db);
  const offset = (filter.page - 1) * filter.limit;
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const ids = keywordMatches(ctx, accountId, filter, keyword);
    return { rows: rowsById(db, ids.slice(offset, offset + filter.limit)), total: ids.length };
  }
  const total = countOrders(db, accountId, filter);
  return { rows: rowsById(db, pageIds(db, accountId, filter, offset, total)), total };
}

/**
 * Past the middle, a page is read from the oldest end of the same index: the last page then skips no entries
 * instead of all of them, and no page skips more than half. The exact total (the counters) says where it is.
 */
function pageIds(db: Db, accountId: number, filter: ListOrdersFilter, offset: number, total: number): number[] {
  if (offset >= total) return [];
  const { where, params } = columnFilters(accountId, filter);
  const clause = where.join(' AND ');
  if (offset <= total / 2) {
    const rows = db
      .prepare(`SELECT rowid AS id FROM orders WHERE ${clause} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`)
      .all(...params, filter.limit, offset) as { id: number }[];
    return rows.map(({ id }) => id);
  }
  const end = Math.min(total, offset + filter.limit);
  const rows = db
    .prepare(`SELECT rowid AS id FROM orders WHERE ${clause} ORDER BY created_at ASC, rowid ASC LIMIT ? OFFSET ?`)
    .all(...params, end - offset, total - end) as { id: number }[];
  return rows.map(({ id }) => id).reverse();
}

/** At most this many keyword searches are kept per emulator (ctx.keptSearches, in use order: a Map iterates oldest first). */
const KEPT_SEARCHES = 32;

/**
 * Every order of the account a keyword finds, newest first. A broad keyword's total costs a read of all its
 * matches, and so would a deep page; the list is read once and kept until the account's orders change
 * (order_changes counts every change, migration 092), so paging through a search, and a search repeated
 * by many clients, costs one seek.
 */
function keywordMatches(ctx: EmulatorContext, accountId: number, filter: ListOrdersFilter, keyword: string): number[] {
  const { db } = ctx;
  const kept = (ctx.keptSearches ??= new Map());
  const key = JSON.stringify([accountId, filter.status, filter.type, filter.channel, keyword]);
  const version = (db.prepare('SELECT v FROM order_changes WHERE account_id = ?').get(accountId) as { v: number } | undefined)?.v ?? 0;
  const hit = kept.get(key);
  kept.delete(key);
  if (hit?.version === version) {
    kept.set(key, hit);
    return hit.ids;
  }
  const ids = readKeywordMatches(db, accountId, filter, keyword);
  kept.set(key, { version, ids });
  if (kept.size > KEPT_SEARCHES) kept.delete(kept.keys().next().value!);
  return ids;
}

function readKeywordMatches(db: Db, accountId: number, filter: ListOrdersFilter, keyword: string): number[] {
  const { where, params } = columnFilters(accountId, filter);
  if ([...keyword].length >= TRIGRAM) {
    const few = fewKeywordMatches(db, accountId, filter, ftsPhrase(keyword));
    if (few) return few;
    where.push('rowid IN (SELECT rowid FROM orders_fts WHERE orders_fts MATCH ?)');
    params.push(ftsPhrase(keyword));
  } else {
    const pattern = `%${keyword.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
    where.push(`(name LIKE ? ESCAPE '\\' OR id LIKE ? ESCAPE '\\')`);
    params.push(pattern, pattern);
  }
  const rows = db
    .prepare(`SELECT rowid AS id FROM orders WHERE ${where.join(' AND ')} ORDER BY created_at DESC, rowid DESC`)
    .all(...params) as { id: number }[];
  return rows.map(({ id }) => id);
}

function rowsById(db: Db, ids: number[]): OrderRow[] {
  const byRowid = db.prepare('SELECT * FROM orders WHERE rowid = ?');
  return ids.map((id) => byRowid.get(id) as OrderRow);
}

/**
 * A selective keyword: read its matches from the trigram index and order them here. The trigram index is the
 * outer loop (CROSS JOIN fixes the order), so the LIMIT stops a broad keyword after FEW_MATCHES + 1 matches
 * instead of reading them all. Undefined when there are more than FEW_MATCHES.
 */
function fewKeywordMatches(db: Db, accountId: number, filter: ListOrdersFilter, phrase: string): number[] | undefined {
  const { where, params } = columnFilters(accountId, filter);
  const onOrder = where.map((term) => `o.${term}`).join(' AND ');
  const matches = db
    .prepare(
      `SELECT o.rowid AS id, o.created_at FROM orders_fts f CROSS JOIN orders o ON o.rowid = f.rowid
       WHERE orders_fts MATCH ? AND ${onOrder} LIMIT ?`,
    )
    .all(phrase, ...params, FEW_MATCHES + 1) as { id: number; created_at: string }[];
  if (matches.length > FEW_MATCHES) return undefined;
  matches.sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1));
  return matches.map((m) => m.id);
}

/** The filter's total from the counters the order triggers keep (migration 030). */
function countOrders(db: Db, accountId: number, filter: ListOrdersFilter): number {
  const { where, params } = columnFilters(accountId, filter);
  return (db.prepare(`SELECT COALESCE(SUM(n), 0) AS n FROM order_counts WHERE ${where.join(' AND ')}`).get(...params) as { n: number }).n;
}

function columnFilters(accountId: number, filter: ListOrdersFilter) {
  const where = ['account_id = ?'];
  const params: (string | number)[] = [accountId];
  for (const column of ['status', 'type', 'channel'] as const) {
    if (filter[column] !== 'all') {
      where.push(`${column} = ?`);
      params.push(filter[column]);
    }
  }
  return { where, params };
}
