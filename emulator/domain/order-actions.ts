import type { EmulatorContext } from '../context';
import { uploadUrl } from '../shared/presign';
import { refuse } from './domain-error';
import { filesOf, getOrder, type OrderRow } from './orders-repo';

const touch = (ctx: EmulatorContext, orderId: string, set: string | null, ...params: unknown[]) =>
  ctx.db.prepare(`UPDATE orders SET ${set ? set + ', ' : ''}updated_at = ? WHERE id = ?`).run(...params, new Date().toISOString(), orderId);

/** Anti-AI only: pending and every upload-mode file uploaded → inProgress. */
export function confirmOrder(ctx: EmulatorContext, order: OrderRow): null {
  if (order.type !== 'antiAi') refuse('ORDER_TYPE_NOT_MATCH', `${order.type} orders start by themselves once uploaded; only antiAi orders are confirmed`);
  if (order.confirmed_at) refuse('ORDER_ALREADY_CONFIRMED', 'This order was already confirmed');
  if (order.status !== 'pending') refuse('ORDER_NOT_PENDING', `The order is ${order.status}, not pending`);
  const missing = filesOf(ctx.db, order.id).filter((f) => !f.source_url && !f.uploaded_at);
  if (missing.length) {
    refuse('ORDER_FILE_NOT_UPLOADED', `${missing.length} file(s) not uploaded yet: ${missing.slice(0, 5).map((f) => f.file_name).join(', ')}`);
  }
  const now = new Date().toISOString();
  touch(ctx, order.id, `status = 'inProgress', confirmed_at = ?`, now);
  ctx.queueOrder(order.id);
  return null;
}

/** New upload URLs for the files of a pending order that are not uploaded yet. */
export function refreshUrls(ctx: EmulatorContext, order: OrderRow) {
  if (order.status !== 'pending') refuse('ORDER_NOT_PENDING', `The order is ${order.status}; upload URLs are only reissued while it is pending`);
  const files = filesOf(ctx.db, order.id).filter((f) => !f.source_url && !f.uploaded_at);
  return {
    files: files.map((f) => ({
      // A string for every kind: the interface types fileId as an integer only in the extract *creation* answer.
      fileId: String(f.id),
      fileName: f.file_name,
      uploadUrl: uploadUrl(ctx, f.file_key),
      fileKey: f.file_key,
    })),
  };
}

export type UploadTarget = { ok: true; orderId: string; fileId: number } | { ok: false; reason: 'unknown' | 'not-pending' };

/** Whether an upload to this key may be stored now (checked before the body is read, and again on commit). */
export function uploadTarget(ctx: EmulatorContext, fileKey: string): UploadTarget {
  const file = ctx.db.prepare('SELECT id, order_id, source_url FROM order_files WHERE file_key = ?').get(fileKey) as
    | { id: number; order_id: string; source_url: string | null }
    | undefined;
  if (!file || file.source_url) return { ok: false, reason: 'unknown' };
  if (getOrder(ctx.db, file.order_id)?.status !== 'pending') return { ok: false, reason: 'not-pending' };
  return { ok: true, orderId: file.order_id, fileId: file.id };
}

/**
 * Records an upload. Embed and extract orders have no confirm: the last
 * upload moves them to inProgress in the same transaction. Returns the
 * replaced stored file (to delete) or the refusal.
 */
export function recordUpload(
  ctx: EmulatorContext,
  fileKey: string,
  storedPath: string,
  size: number,
): { ok: true; replaced: string | null } | { ok: false; reason: 'unknown' | 'not-pending' } {
  const { db } = ctx;
  return db.transaction(() => {
    const target = uploadTarget(ctx, fileKey);
    if (!target.ok) return target;
    const previous = db.prepare('SELECT stored_path FROM order_files WHERE id = ?').get(target.fileId) as { stored_path: string | null };
    db.prepare('UPDATE order_files SET stored_path = ?, uploaded_at = ?, size = ? WHERE id = ?').run(
      storedPath,
      new Date().toISOString(),
      size,
      target.fileId,
    );
    const order = getOrder(db, target.orderId)!;
    if (order.type !== 'antiAi' && filesOf(db, order.id).every((f) => f.uploaded_at)) {
      touch(ctx, order.id, `status = 'inProgress'`);
      ctx.queueOrder(order.id);
    } else {
      touch(ctx, order.id, null);
    }
    return { ok: true as const, replaced: previous.stored_path };
  }).immediate();
}

/** Which orders have a ZIP to download, and why not otherwise. */
export function assertDownloadable(order: OrderRow): void {
  if (order.status === 'expired') refuse('ORDER_EXPIRED', 'The order expired 7 days after creation; its files are gone');
  if (order.status === 'failed') refuse('ORDER_ALREADY_FAILED', 'The order failed; it has no results');
  if (order.type === 'watermarkExtract') {
    if (order.status === 'detected' || order.status === 'undetected') {
      refuse('ORDER_TYPE_CANT_DOWNLOAD', 'Extract orders have no result files; the result is in the order (watermarkText)');
    }
    refuse('ORDER_NOT_COMPLETED', `The order is ${order.status}`);
  }
  if (order.status !== 'complete') refuse('ORDER_NOT_COMPLETED', `The order is ${order.status}`);
  if (order.zero_copy) refuse('ORDER_TYPE_CANT_DOWNLOAD', 'Zero-copy results were delivered to your output targets; the service kept no copy');
}
