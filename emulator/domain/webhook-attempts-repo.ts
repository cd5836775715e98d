import type { WebhookAttempt } from '../../src/api/schemas/webhook-health';
import type { Db } from '../db/database';

/** The newest attempts over all events of one webhook (the caller has checked the webhook's owner). */
export function recentAttemptsOfWebhook(db: Db, webhookId: number, limit: number): WebhookAttempt[] {
  const rows = db
    .prepare(
      `SELECT event_id, attempt, started_at, duration_ms, status_code, error
       FROM webhook_attempts WHERE webhook_id = ? ORDER BY id DESC LIMIT ?`,
    )
    .all(webhookId, limit) as Array<{
    event_id: number;
    attempt: number;
    started_at: string;
    duration_ms: number;
    status_code: number | null;
    error: string | null;
  }>;
  return rows.map((row) => ({
    eventId: row.event_id,
    attempt: row.attempt,
    startedAt: row.started_at,
    durationMs: row.duration_ms,
    statusCode: row.status_code,
    error: row.error,
  }));
}
