import type { Db } from '../db/database';

/**
 * Runs a creation (or confirm) once per account, endpoint and key. The check,
 * the work and the stored answer share one synchronous SQLite transaction, so
 * concurrent duplicates are serialised: the second sees the first's answer.
 * Only successes are stored; a refused request can be sent again with the
 * same key (nothing was created).
 */
export function once<T>(db: Db, scope: { accountId: number; endpoint: string; key: string }, work: () => T): T {
  return db.transaction(() => {
    const stored = db
      .prepare('SELECT response FROM idempotency_keys WHERE account_id = ? AND endpoint = ? AND key = ?')
      .get(scope.accountId, scope.endpoint, scope.key) as { response: string } | undefined;
    if (stored) return JSON.parse(stored.response) as T;
    const result = work();
    db.prepare(
      'INSERT INTO idempotency_keys (account_id, endpoint, key, status, response, created_at) VALUES (?, ?, ?, 200, ?, ?)',
    ).run(scope.accountId, scope.endpoint, scope.key, JSON.stringify(result ?? null), new Date().toISOString());
    return result;
  }).immediate();
}
