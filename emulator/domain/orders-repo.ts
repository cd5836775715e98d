import type { ListOrdersFilter, Order, OrderStatus, OrderType } from '../../src/api/schemas/orders';
import type { EmulatorContext } from '../context';
import type { Db } from '../db/database';
import { HttpError } from '../http/http-error';
import { getUrl } from '../storage/presign';

/** Orders move to expired this long after creation (interface notes). */
export const ORDER_LIFETIME_MS = 7 * 86_400_000;

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

/** Persists expiry so status filters and every reader agree; cheap enough to run before each read. */
export function expireOldOrders(db: Db, now = Date.now()): void {
  const cutoff = new Date(now - ORDER_LIFETIME_MS).toISOString();
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
  if (!row || row.account_id !== accountId) throw new HttpError(404, 'ORDER_NOT_FOUND', 'There is no order with that id');
  return row;
}

export function filesOf(db: Db, orderId: string): FileRow[] {
  return db.prepare(`SELECT * FROM order_files WHERE order_id = ? ORDER BY role = 'original', position`).all(orderId) as FileRow[];
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
  const first = inputFilesOf(db, orderId)[0];
  if (!first || isPdf(first.file_name)) return null;
  if (first.result_path) return first.result_path;
  return getOrder(db, orderId)?.status === 'failed' ? null : first.stored_path;
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

export function toOrderDetail(ctx: EmulatorContext, row: OrderRow): Order {
  const files = filesOf(ctx.db, row.id);
  const inputs = files.filter((f) => f.role === 'input');
  const thumb = thumbnailSource(ctx.db, row.id);
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

export function listOrders(db: Db, accountId: number, filter: ListOrdersFilter): { rows: OrderRow[]; total: number } {
  expireOldOrders(db);
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
  const clause = where.join(' AND ');
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE ${clause}`).get(...params) as { n: number }).n;
  const rows = db
    .prepare(`SELECT * FROM orders WHERE ${clause} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`)
    .all(...params, filter.limit, (filter.page - 1) * filter.limit) as OrderRow[];
  return { rows, total };
}
