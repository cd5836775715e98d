import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database';
import { claimJob, enqueueOrder, LEASE_MS } from './job-queue';

let db: Db;
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-jobs-'));
  db = openDatabase(dir);
  db.prepare(`INSERT INTO accounts (id, email, password_hash, api_key, migration_key, plan_type, plan_start, usage_limit, created_at)
              VALUES (1, 'j@example.com', 'x', 'k', 'm', 'pro', '2026-01-01', 10, '2026-01-01')`).run();
  for (const id of ['ord_a', 'ord_b']) {
    db.prepare(`INSERT INTO orders (id, account_id, type, channel, name, status, created_at, updated_at)
                VALUES (?, 1, 'antiAi', 'api', ?, 'inProgress', '2026-01-01', '2026-01-01')`).run(id, id);
    enqueueOrder(db, id);
  }
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('claimJob', () => {
  it('takes the oldest job, queued or with a lease run out, and leaves a live lease alone', () => {
    const now = Date.now();
    expect(claimJob(db, 'run-1', now)?.order_id).toBe('ord_a');
    // ord_a is held by run-1 with a fresh lease: the next claim takes the queued ord_b.
    expect(claimJob(db, 'run-2', now)?.order_id).toBe('ord_b');
    expect(claimJob(db, 'run-2', now)).toBeUndefined();
    // Past the lease, the older ord_a goes first, before ord_b's lease runs out too.
    db.prepare(`UPDATE jobs SET claimed_at = ? WHERE order_id = 'ord_b'`).run(new Date(now).toISOString());
    db.prepare(`UPDATE jobs SET claimed_at = ? WHERE order_id = 'ord_a'`).run(new Date(now - LEASE_MS - 1000).toISOString());
    const taken = claimJob(db, 'run-3', now);
    expect([taken?.order_id, taken?.attempts]).toEqual(['ord_a', 2]);
  });

  it('prefers an older stale job over a newer queued one', () => {
    const now = Date.now();
    claimJob(db, 'run-1', now - LEASE_MS - 1000);
    expect(claimJob(db, 'run-2', now)?.order_id).toBe('ord_a');
  });
});
