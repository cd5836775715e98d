import { readFileSync } from 'node:fs';
import type { EmulatorContext } from '../context';
import { getSetting, setSetting } from '../db/database';
import { addUsage, type Account } from '../domain/accounts';
import { confirmOrder, recordUpload } from '../domain/order-actions';
import { insertOrder } from '../domain/order-create';
import { getOrder, inputFilesOf, ORDER_LIFETIME_MS, filesOf, type OrderRow } from '../domain/orders-repo';
import { safeName } from '../shared/storage-keys';
import { readStored, writeBuffer } from '../storage/file-store';
import { chronological, PLANNED_ORDERS, plannedCreatedAt, plannedFinishedAt, type PlannedOrder } from './plan';

const ASSETS = new URL('../seed-assets/', import.meta.url);

export const orderKey = (key: string) => `demo-history:order:${key}`;

/** The order a planned entry became, once it exists. */
export function seededOrder(ctx: EmulatorContext, planned: PlannedOrder): OrderRow | undefined {
  const id = getSetting(ctx.db, orderKey(planned.key));
  return id ? getOrder(ctx.db, id) : undefined;
}

export const FINAL = new Set(['complete', 'detected', 'undetected', 'failed', 'expired']);

/**
 * Creates one planned order through the emulator's own paths (insert, upload
 * record, confirm), so the job queue processes it like any customer's order.
 * Runs in a transaction with the setting that names it: created once, ever.
 */
export function createPlannedOrder(ctx: EmulatorContext, account: Account, planned: PlannedOrder, inputs?: Buffer[]): void {
  ctx.db.transaction(() => {
    if (getSetting(ctx.db, orderKey(planned.key))) return;
    const created = insertOrder(ctx, account, {
      type: planned.type,
      name: planned.name,
      channel: planned.channel,
      strength: planned.strength,
      files: planned.files.map((fileName) => ({ fileName, watermarks: planned.texts })),
    });
    setSetting(ctx.db, orderKey(planned.key), created.orderId);
    if (planned.pending) return;
    for (const [index, file] of created.files.entries()) {
      const bytes = inputs?.[index] ?? readFileSync(new URL(planned.files[index]!, ASSETS));
      const stored = `inputs/${created.orderId}/${file.id}-${safeName(file.fileName)}`;
      writeBuffer(ctx.config.dataDir, stored, bytes);
      recordUpload(ctx, file.fileKey, stored, bytes.length);
    }
    if (planned.type === 'antiAi') confirmOrder(ctx, getOrder(ctx.db, created.orderId)!);
  })();
}

/** First start: every planned order that needs no other order's result, oldest first so the queue takes them in that order. */
export function createIndependentOrders(ctx: EmulatorContext, account: Account, now: number): void {
  for (const planned of chronological(now)) {
    if (!planned.extractFrom) createPlannedOrder(ctx, account, planned);
  }
}

/** Extracts that must find a watermark read the result of the embed order they name. False while that result is not there yet. */
export function createDependentOrders(ctx: EmulatorContext, account: Account): boolean {
  let all = true;
  for (const planned of PLANNED_ORDERS.filter((p) => p.extractFrom)) {
    if (seededOrder(ctx, planned)) continue;
    const source = PLANNED_ORDERS.find((p) => p.key === planned.extractFrom)!;
    const row = seededOrder(ctx, source);
    if (!row || !FINAL.has(row.status)) {
      all = false;
      continue;
    }
    const result = inputFilesOf(ctx.db, row.id)[0]?.result_path;
    createPlannedOrder(ctx, account, planned, result ? [readStored(ctx.config.dataDir, result)] : undefined);
  }
  return all;
}

export function allOrdersFinished(ctx: EmulatorContext): boolean {
  return PLANNED_ORDERS.every((planned) => {
    const row = seededOrder(ctx, planned);
    return row !== undefined && (planned.pending || FINAL.has(row.status));
  });
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Moves every seeded order to its planned time, consistently: order, files
 * and job timestamps, the usage counted on the day processing really ended
 * moved to the planned day, and orders older than 7 days expired as the
 * service would have expired them. One transaction, once.
 */
export function backdateOrders(ctx: EmulatorContext, account: Account, now: number): void {
  const { db } = ctx;
  db.transaction(() => {
    if (getSetting(db, 'demo-history:dated')) return;
    for (const planned of PLANNED_ORDERS) {
      const row = seededOrder(ctx, planned)!;
      const created = plannedCreatedAt(planned, now);
      const finished = planned.pending ? created : plannedFinishedAt(planned, now);
      const files = filesOf(db, row.id);
      const inputs = files.filter((f) => f.role === 'input');
      const realFinish = row.completed_at ?? row.failed_at;
      if (realFinish && row.status !== 'failed') {
        addUsage(db, account.id, realFinish.slice(0, 10), -inputs.length);
        addUsage(db, account.id, iso(finished).slice(0, 10), inputs.length);
      }
      db.prepare(
        `UPDATE orders SET created_at = ?, updated_at = ?, confirmed_at = CASE WHEN confirmed_at IS NULL THEN NULL ELSE ? END,
           completed_at = CASE WHEN completed_at IS NULL THEN NULL ELSE ? END, failed_at = CASE WHEN failed_at IS NULL THEN NULL ELSE ? END
         WHERE id = ?`,
      ).run(iso(created), iso(finished), iso(created + 2000 + files.length * 1500), iso(finished), iso(finished), row.id);
      for (const [index, file] of files.entries()) {
        db.prepare(
          `UPDATE order_files SET uploaded_at = CASE WHEN uploaded_at IS NULL THEN NULL ELSE ? END,
             processed_at = CASE WHEN processed_at IS NULL THEN NULL ELSE ? END WHERE id = ?`,
        ).run(iso(created + 1500 * (index + 1)), iso(finished - (files.length - 1 - index) * 3000 - 500), file.id);
      }
      db.prepare('UPDATE jobs SET created_at = ?, finished_at = CASE WHEN finished_at IS NULL THEN NULL ELSE ? END WHERE order_id = ?').run(
        iso(created + 2000 + files.length * 1500),
        iso(finished),
        row.id,
      );
      if (created <= now - ORDER_LIFETIME_MS) {
        db.prepare(`UPDATE orders SET status = 'expired', updated_at = ? WHERE id = ?`).run(iso(created + ORDER_LIFETIME_MS), row.id);
      }
    }
    db.prepare('DELETE FROM usage_daily WHERE account_id = ? AND count = 0').run(account.id);
    setSetting(db, 'demo-history:dated', '1');
  })();
}
