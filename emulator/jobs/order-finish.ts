import type { EmulatorContext, OrderFinishedEvent } from '../context';
import { addUsage } from '../domain/accounts';
import { downloadKey, getOrder, inputFilesOf } from '../domain/orders-repo';
import { crashPoint } from '../faults/crash-point';
import { getUrl } from '../shared/presign';
import { completeJob } from './job-queue';

export type Outcome =
  | { status: 'complete' }
  | { status: 'detected'; watermarkText: string }
  | { status: 'undetected' }
  | { status: 'failed'; code: string; message: string };

class LostClaim extends Error {}

/**
 * Sets the final status, counts usage (successful orders only), tells the
 * listeners and closes the job, all in one transaction: either all of it
 * happened or none did, so a crash or a second runner can never count or
 * announce an order twice. Returns false when the order was already final.
 */
export function finishOrder(ctx: EmulatorContext, orderId: string, job: { id: number; runId: string }, outcome: Outcome): boolean {
  const { db } = ctx;
  try {
    const finished = db.transaction(() => {
      const order = getOrder(db, orderId);
      if (!order || order.status !== 'inProgress') {
        completeJob(db, job.id, job.runId);
        return false;
      }
      if (!completeJob(db, job.id, job.runId)) throw new LostClaim();
      const now = new Date().toISOString();
      const failed = outcome.status === 'failed';
      db.prepare(
        `UPDATE orders SET status = ?, updated_at = ?, completed_at = ?, failed_at = ?, errors = ?, error_code = ?, watermark_text = ? WHERE id = ?`,
      ).run(
        outcome.status,
        now,
        failed ? null : now,
        failed ? now : null,
        failed ? outcome.message : null,
        failed ? outcome.code : null,
        outcome.status === 'detected' ? outcome.watermarkText : null,
        orderId,
      );
      const fileCount = inputFilesOf(db, orderId).length;
      if (!failed) addUsage(db, order.account_id, now.slice(0, 10), fileCount);

      const event: OrderFinishedEvent = {
        accountId: order.account_id,
        orderId,
        orderName: order.name,
        type: order.type,
        status: outcome.status,
        createdAt: order.created_at,
        finishedAt: now,
        fileCount,
      };
      if (outcome.status === 'complete' && !order.zero_copy) event.downloadUrl = getUrl(ctx, downloadKey(orderId));
      if (failed) event.error = { code: outcome.code, message: outcome.message };
      if (order.type === 'watermarkExtract' && !failed) {
        event.watermarkFound = outcome.status === 'detected';
        if (outcome.status === 'detected') event.watermarkText = outcome.watermarkText;
      }
      for (const listener of ctx.orderFinishedListeners) listener(event);
      crashPoint('finish-before-commit');
      return true;
    }).immediate();
    if (finished) crashPoint('finish-after-commit');
    return finished;
  } catch (error) {
    if (error instanceof LostClaim) return false;
    throw error;
  }
}
