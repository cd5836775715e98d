import { randomUUID } from 'node:crypto';
import type { AttemptErrorKind, DeliveryAttempt } from '../../src/api/schemas/emulator';
import type { DeliveryEvent, DeliveryStatus, EventType } from '../../src/api/schemas/webhooks';
import type { Db } from '../db/database';

interface EventRow {
  id: number;
  webhook_id: number;
  event_id: string;
  event_type: EventType;
  body: string;
  status: DeliveryStatus;
  retries: number;
  next_attempt_at: number | null;
  last_sent_at: string | null;
  created_at: string;
}

export interface StoredEvent extends DeliveryEvent {
  webhookId: number;
  body: string;
  /** Epoch ms of the next automatic attempt, null when none is scheduled. */
  nextAttemptAt: number | null;
}

type ListedRow = Pick<EventRow, 'id' | 'event_id' | 'event_type' | 'status' | 'retries' | 'last_sent_at' | 'created_at'>;

/** The fields the events list shows (the interface's DeliveryEvent). */
function toListed(row: ListedRow): DeliveryEvent {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    retries: row.retries,
    lastSentAt: row.last_sent_at,
    createdAt: row.created_at,
  };
}

function toEvent(row: EventRow): StoredEvent {
  return { ...toListed(row), webhookId: row.webhook_id, body: row.body, nextAttemptAt: row.next_attempt_at };
}

/** Stored before any attempt, due at once: the scheduler, not the caller, sends it. */
export function insertEvent(db: Db, webhookId: number, eventType: EventType, body: string, now = new Date()): StoredEvent {
  const result = db
    .prepare(
      `INSERT INTO webhook_events (webhook_id, event_id, event_type, body, status, retries, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, 'PENDING', 0, ?, ?)`,
    )
    .run(webhookId, randomUUID(), eventType, body, now.getTime(), now.toISOString());
  return findEventById(db, Number(result.lastInsertRowid))!;
}

/**
 * A delivery that already ended, created at a past moment (emulator test route only): SENT at once, or FAILED with
 * the given retries made and its last attempt a few seconds after creation; never due again.
 */
export function insertFinishedEvent(
  db: Db,
  event: { webhookId: number; eventType: EventType; body: string; createdAt: Date; status: 'SENT' | 'FAILED'; retries: number },
): StoredEvent {
  const lastSent = event.status === 'FAILED' ? new Date(event.createdAt.getTime() + 7_000) : event.createdAt;
  const result = db
    .prepare(
      `INSERT INTO webhook_events (webhook_id, event_id, event_type, body, status, retries, next_attempt_at, last_sent_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
    )
    .run(
      event.webhookId,
      randomUUID(),
      event.eventType,
      event.body,
      event.status,
      event.status === 'FAILED' ? event.retries : 0,
      lastSent.toISOString(),
      event.createdAt.toISOString(),
    );
  return findEventById(db, Number(result.lastInsertRowid))!;
}

export function findEventById(db: Db, id: number): StoredEvent | undefined {
  const row = db.prepare('SELECT * FROM webhook_events WHERE id = ?').get(id) as EventRow | undefined;
  return row && toEvent(row);
}

export function findEvent(db: Db, webhookId: number, id: number): StoredEvent | undefined {
  const row = db.prepare('SELECT * FROM webhook_events WHERE id = ? AND webhook_id = ?').get(id, webhookId) as EventRow | undefined;
  return row && toEvent(row);
}

/**
 * Newest first. The total is the counter the event triggers keep (migration 031); a page is a seek on the
 * events' places (seq, migration 092): page p holds the places just below newest − (p − 1) × limit, so the
 * last page costs what the first does.
 */
export function listEvents(db: Db, webhookId: number, page: number, limit: number): { events: DeliveryEvent[]; total: number } {
  const counted = db.prepare('SELECT n FROM webhook_event_counts WHERE webhook_id = ?').get(webhookId) as { n: number } | undefined;
  const newest = (db.prepare('SELECT MAX(seq) AS seq FROM webhook_events WHERE webhook_id = ?').get(webhookId) as { seq: number | null }).seq ?? 0;
  // The listed fields only: the body (most of a row's bytes) is never decoded for a list.
  const rows = db
    .prepare(
      `SELECT id, event_id, event_type, status, retries, last_sent_at, created_at FROM webhook_events
       WHERE webhook_id = ? AND seq <= ? ORDER BY seq DESC LIMIT ?`,
    )
    .all(webhookId, newest - (page - 1) * limit, limit) as ListedRow[];
  return { events: rows.map(toListed), total: counted?.n ?? 0 };
}

/** Events whose automatic attempt is due, of active webhooks only (a paused webhook's events wait). */
export function dueEvents(db: Db, nowMs: number, limit: number, busy: ReadonlySet<number>): StoredEvent[] {
  const rows = db
    .prepare(
      `SELECT e.* FROM webhook_events e JOIN webhooks w ON w.id = e.webhook_id
       WHERE e.next_attempt_at IS NOT NULL AND e.next_attempt_at <= ? AND e.status IN ('PENDING', 'RETRYING') AND w.is_active = 1
       ORDER BY e.next_attempt_at, e.id LIMIT ?`,
    )
    .all(nowMs, limit + busy.size) as EventRow[];
  return rows.filter((row) => !busy.has(row.id)).slice(0, limit).map(toEvent);
}

/** When the scheduler next has something to do (epoch ms), ignoring events already in flight. */
export function nextDueAt(db: Db, busy: ReadonlySet<number>): number | undefined {
  const rows = db
    .prepare(
      `SELECT e.id, e.next_attempt_at AS at FROM webhook_events e JOIN webhooks w ON w.id = e.webhook_id
       WHERE e.next_attempt_at IS NOT NULL AND e.status IN ('PENDING', 'RETRYING') AND w.is_active = 1
       ORDER BY e.next_attempt_at LIMIT ?`,
    )
    .all(busy.size + 1) as { id: number; at: number }[];
  return rows.find((row) => !busy.has(row.id))?.at;
}

export function failedEventsCreatedBetween(db: Db, webhookId: number, fromIso: string, toIsoExclusive: string, limit: number): StoredEvent[] {
  const rows = db
    .prepare(
      `SELECT * FROM webhook_events WHERE webhook_id = ? AND status = 'FAILED' AND created_at >= ? AND created_at < ?
       ORDER BY id LIMIT ?`,
    )
    .all(webhookId, fromIso, toIsoExclusive, limit) as EventRow[];
  return rows.map(toEvent);
}

export interface AttemptRecord {
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  /** Recorded with the attempt, never worked out from the words afterwards; null when the answer was usable. */
  errorKind: AttemptErrorKind | null;
  responseExcerpt: string | null;
}

/**
 * Writes one attempt and the event's new state together. Returns false when
 * the event is gone (its webhook was deleted while the attempt was in flight).
 */
export function recordAttempt(
  db: Db,
  eventId: number,
  attempt: AttemptRecord,
  next: { status: DeliveryStatus; retries: number; nextAttemptAt: number | null },
): boolean {
  return db.transaction(() => {
    const event = db.prepare('SELECT webhook_id FROM webhook_events WHERE id = ?').get(eventId) as { webhook_id: number } | undefined;
    if (!event) return false;
    const { n } = db.prepare('SELECT COUNT(*) AS n FROM webhook_attempts WHERE event_id = ?').get(eventId) as { n: number };
    // webhook_id is the event's, copied so a webhook's recent attempts are one index range (migration 031).
    db.prepare(
      `INSERT INTO webhook_attempts (event_id, webhook_id, attempt, started_at, duration_ms, status_code, error, error_kind, response_excerpt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      eventId,
      event.webhook_id,
      n + 1,
      attempt.startedAt,
      attempt.durationMs,
      attempt.statusCode,
      attempt.error,
      attempt.errorKind,
      attempt.responseExcerpt,
    );
    db.prepare('UPDATE webhook_events SET status = ?, retries = ?, next_attempt_at = ?, last_sent_at = ? WHERE id = ?').run(
      next.status,
      next.retries,
      next.nextAttemptAt,
      attempt.startedAt,
      eventId,
    );
    return true;
  })();
}

export function listAttempts(db: Db, eventId: number): DeliveryAttempt[] {
  const rows = db
    .prepare(
      'SELECT attempt, started_at, duration_ms, status_code, error, error_kind, response_excerpt FROM webhook_attempts WHERE event_id = ? ORDER BY attempt',
    )
    .all(eventId) as Array<{
    attempt: number;
    started_at: string;
    duration_ms: number;
    status_code: number | null;
    error: string | null;
    error_kind: AttemptErrorKind | null;
    response_excerpt: string | null;
  }>;
  return rows.map((row) => ({
    attempt: row.attempt,
    startedAt: row.started_at,
    durationMs: row.duration_ms,
    statusCode: row.status_code,
    error: row.error,
    errorKind: row.error_kind,
    responseExcerpt: row.response_excerpt,
  }));
}
