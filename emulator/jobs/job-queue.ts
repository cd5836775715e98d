import type { Db } from '../db/database';

/**
 * How long a claim holds before another loop or run may take the job over. Short, and kept fresh by a heartbeat
 * while the job runs (LEASE_MS / 3): a claim that could not be given back (a full disk refusing even that write)
 * frees itself within seconds, not after the 10 minutes it once took.
 */
export const LEASE_MS = 30_000;
export const HEARTBEAT_MS = 10_000;

export interface JobRow {
  id: number;
  order_id: string;
  state: 'queued' | 'running' | 'done';
  attempts: number;
  claimed_by: string | null;
  claimed_at: string | null;
}

/** Called inside the transaction that moves an order to inProgress; one job per order, ever. */
export function enqueueOrder(db: Db, orderId: string): void {
  db.prepare(`INSERT OR IGNORE INTO jobs (order_id, state, created_at) VALUES (?, 'queued', ?)`).run(orderId, new Date().toISOString());
}

/** On start: jobs a previous run left 'running' belong to a dead process; queue them again. */
export function reclaimAbandoned(db: Db, runId: string): number {
  return db
    .prepare(`UPDATE jobs SET state = 'queued', claimed_by = NULL, claimed_at = NULL WHERE state = 'running' AND claimed_by IS NOT ?`)
    .run(runId).changes;
}

/** A URL-mode input of the job's order that is not downloaded yet (nor already processed). */
const NEEDS_FETCH = `EXISTS (SELECT 1 FROM order_files f WHERE f.order_id = jobs.order_id
  AND f.source_url IS NOT NULL AND f.stored_path IS NULL AND f.processed_at IS NULL)`;

/**
 * Atomically takes the oldest due job (or one whose lease ran out) for this run. Two stages: `fetch` takes jobs
 * whose order still has URL-mode images to download, `process` only jobs whose inputs are all here, so slow
 * downloads never hold a processing slot that another account's order is waiting for.
 */
export function claimJob(db: Db, runId: string, now = Date.now(), stage: 'process' | 'fetch' = 'process'): JobRow | undefined {
  return db.transaction(() => {
    const staleBefore = new Date(now - LEASE_MS).toISOString();
    // Two reads of the (state, id) index instead of one OR, which SQLite answers by sorting both sets.
    const stageFilter = `AND ${stage === 'fetch' ? '' : 'NOT '}${NEEDS_FETCH}`;
    const queued = db.prepare(`SELECT * FROM jobs WHERE state = 'queued' ${stageFilter} ORDER BY id LIMIT 1`).get() as JobRow | undefined;
    const stale = db
      .prepare(`SELECT * FROM jobs WHERE state = 'running' AND claimed_at < ? ${stageFilter} ORDER BY id LIMIT 1`)
      .get(staleBefore) as JobRow | undefined;
    const job = queued && stale ? (queued.id < stale.id ? queued : stale) : (queued ?? stale);
    if (!job) return undefined;
    db.prepare(`UPDATE jobs SET state = 'running', claimed_by = ?, claimed_at = ?, attempts = attempts + 1 WHERE id = ?`).run(
      runId,
      new Date(now).toISOString(),
      job.id,
    );
    return { ...job, state: 'running', claimed_by: runId, attempts: job.attempts + 1 } as JobRow;
  }).immediate();
}

/** After the fetch stage: back to the queue for processing, the claim not counted as an attempt. */
export function handBackJob(db: Db, jobId: number, runId: string): void {
  db.prepare(
    `UPDATE jobs SET state = 'queued', claimed_by = NULL, claimed_at = NULL, attempts = MAX(attempts - 1, 0) WHERE id = ? AND claimed_by = ?`,
  ).run(jobId, runId);
}

/** Keeps a long job's lease fresh between files. */
export function touchJob(db: Db, jobId: number, runId: string): boolean {
  return (
    db.prepare(`UPDATE jobs SET claimed_at = ? WHERE id = ? AND state = 'running' AND claimed_by = ?`).run(new Date().toISOString(), jobId, runId)
      .changes === 1
  );
}

/** Marks the job done only if this run still holds it; false means someone else finished or took it. */
export function completeJob(db: Db, jobId: number, runId: string): boolean {
  return (
    db
      .prepare(`UPDATE jobs SET state = 'done', finished_at = ?, last_error = NULL WHERE id = ? AND state = 'running' AND claimed_by = ?`)
      .run(new Date().toISOString(), jobId, runId).changes === 1
  );
}

/** Gives the job back to the queue after an unexpected error, to be tried again. */
export function releaseJob(db: Db, jobId: number, runId: string, error: string): void {
  db.prepare(`UPDATE jobs SET state = 'queued', claimed_by = NULL, claimed_at = NULL, last_error = ? WHERE id = ? AND claimed_by = ?`).run(
    error.slice(0, 2000),
    jobId,
    runId,
  );
}
