import { randomUUID } from 'node:crypto';
import type { EmulatorContext, OrderFinishedEvent } from '../context';
import { getSetting, setSetting } from '../db/database';
import type { Account } from '../domain/accounts';
import { recordAttempt } from '../domain/delivery-events-repo';
import { downloadKey, inputFilesOf, type OrderRow } from '../domain/orders-repo';
import { createWebhook, findWebhookById, type StoredWebhook } from '../domain/webhooks-repo';
import { getUrl } from '../shared/presign';
import { attemptDelivery, deliveryRequest } from '../webhooks/attempt';
import { buildPayload } from '../webhooks/payload';
import { seededOrder } from './history-orders';
import {
  chronological,
  PLANNED_WEBHOOKS,
  plannedFinishedAt,
  plannedWebhookCreatedAt,
  type DeliveryScript,
  type PlannedOrder,
  type PlannedWebhook,
} from './plan';

const webhookKey = (key: string) => `demo-history:webhook:${key}`;

export function seededWebhook(ctx: EmulatorContext, planned: PlannedWebhook): StoredWebhook | undefined {
  const id = getSetting(ctx.db, webhookKey(planned.key));
  return id ? findWebhookById(ctx.db, Number(id)) : undefined;
}

/** Which deliveries the script makes: the main webhook gets every order finished after it was made; staging only those it names. */
export function plannedDeliveries(now: number): Array<{ order: PlannedOrder; hook: PlannedWebhook; script: DeliveryScript }> {
  const out: Array<{ order: PlannedOrder; hook: PlannedWebhook; script: DeliveryScript }> = [];
  const [main, staging] = PLANNED_WEBHOOKS as [PlannedWebhook, PlannedWebhook];
  for (const order of chronological(now).sort((a, b) => plannedFinishedAt(a, now) - plannedFinishedAt(b, now))) {
    if (order.pending) continue;
    if (order.staging) out.push({ order, hook: staging, script: order.staging });
    if (plannedFinishedAt(order, now) > plannedWebhookCreatedAt(main, now)) out.push({ order, hook: main, script: order.main ?? [200] });
  }
  return out;
}

function ensureWebhook(ctx: EmulatorContext, account: Account, planned: PlannedWebhook): StoredWebhook {
  return ctx.db.transaction(() => {
    const existing = seededWebhook(ctx, planned);
    if (existing) return existing;
    const hook = createWebhook(ctx.db, account.id, planned.name, `${ctx.publicUrl}/_emulator/receivers/${planned.receiver}`);
    // A webhook that is paused in the story is paused from the start, so no customer order's event reaches it meanwhile.
    if (planned.pausedAfter) ctx.db.prepare('UPDATE webhooks SET is_active = 0 WHERE id = ?').run(hook.id);
    setSetting(ctx.db, webhookKey(planned.key), String(hook.id));
    return hook;
  })();
}

/** The finished-order event as the order-finishing transaction would have built it; expired orders keep the outcome they had. */
function finishedEvent(ctx: EmulatorContext, account: Account, row: OrderRow): OrderFinishedEvent {
  const failed = row.failed_at !== null;
  const status: OrderFinishedEvent['status'] = failed
    ? 'failed'
    : row.type !== 'watermarkExtract'
      ? 'complete'
      : row.watermark_text !== null
        ? 'detected'
        : 'undetected';
  const event: OrderFinishedEvent = {
    accountId: account.id,
    orderId: row.id,
    orderName: row.name,
    type: row.type,
    status,
    createdAt: row.created_at,
    finishedAt: (row.completed_at ?? row.failed_at)!,
    fileCount: inputFilesOf(ctx.db, row.id).length,
  };
  if (status === 'complete') event.downloadUrl = getUrl(ctx, downloadKey(row.id));
  if (failed) event.error = { code: row.error_code ?? 'SERVER_INTERNAL_ERROR', message: row.errors ?? 'Processing failed' };
  if (row.type === 'watermarkExtract' && !failed) {
    event.watermarkFound = status === 'detected';
    if (status === 'detected') event.watermarkText = row.watermark_text!;
  }
  return event;
}

export function eventOf(ctx: EmulatorContext, hookId: number, orderId: string): { id: number; event_id: string; body: string } | undefined {
  return ctx.db
    .prepare(`SELECT id, event_id, body FROM webhook_events WHERE webhook_id = ? AND json_extract(body, '$.data.orderId') = ?`)
    .get(hookId, orderId) as { id: number; event_id: string; body: string } | undefined;
}

function setReceiverStatus(ctx: EmulatorContext, name: string, status: number): void {
  ctx.db
    .prepare('INSERT INTO webhook_receivers (name, status, delay_ms) VALUES (?, ?, 0) ON CONFLICT(name) DO UPDATE SET status = excluded.status, delay_ms = 0')
    .run(name, status);
}

/**
 * Sends every scripted delivery for real: the emulator's payload, signature
 * and HTTP attempt against its own test receiver, told beforehand what to
 * answer. The events carry no next_attempt_at, so the scheduler never sends
 * them too. Resumable: an event is made once, and only missing attempts are
 * made after a restart. Returns false when stopped.
 */
export async function deliverHistory(ctx: EmulatorContext, account: Account, now: number, stop: AbortSignal): Promise<boolean> {
  const hooks = new Map(PLANNED_WEBHOOKS.map((planned) => [planned.key, ensureWebhook(ctx, account, planned)]));
  const retries = ctx.config.webhookRetryDelaysMs.length;
  for (const { order, hook: plannedHook, script } of plannedDeliveries(now)) {
    const hook = hooks.get(plannedHook.key)!;
    const row = seededOrder(ctx, order)!;
    let event = eventOf(ctx, hook.id, row.id);
    if (!event) {
      const { eventType, payload } = buildPayload(finishedEvent(ctx, account, row));
      ctx.db
        .prepare(
          `INSERT INTO webhook_events (webhook_id, event_id, event_type, body, status, retries, next_attempt_at, created_at)
           VALUES (?, ?, ?, ?, 'PENDING', 0, NULL, ?)`,
        )
        .run(hook.id, randomUUID(), eventType, JSON.stringify(payload), new Date().toISOString());
      event = eventOf(ctx, hook.id, row.id)!;
    }
    const { made } = ctx.db.prepare('SELECT COUNT(*) AS made FROM webhook_attempts WHERE event_id = ?').get(event.id) as { made: number };
    for (let attempt = made; attempt < Math.min(script.length, retries + 1); attempt++) {
      setReceiverStatus(ctx, plannedHook.receiver, script[attempt]!);
      const outcome = await attemptDelivery(deliveryRequest(hook.url, hook.secret, event.event_id, event.body), stop);
      if (outcome.interrupted || stop.aborted) return false;
      const status = outcome.success ? 'SENT' : attempt < retries ? 'RETRYING' : 'FAILED';
      recordAttempt(ctx.db, event.id, outcome, { status, retries: attempt, nextAttemptAt: null });
    }
  }
  return true;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** When attempt k (0-based) of a delivery started: the order's end, then the service's retry pauses. */
function attemptTimes(finished: number, count: number, delays: number[]): number[] {
  const times: number[] = [];
  let at = finished + 180;
  for (let k = 0; k < count; k++) {
    times.push(at);
    at += 40 + (delays[k] ?? 0);
  }
  return times;
}

/**
 * Moves the webhooks, events, attempts and the receiver's log to the
 * script's times, leaves both receivers answering 200 (the outage is over)
 * and pauses the staging webhook where the script paused it: its last event
 * stays RETRYING, due as soon as the webhook is resumed.
 */
export function backdateDeliveries(ctx: EmulatorContext, now: number): void {
  const { db } = ctx;
  const delays = ctx.config.webhookRetryDelaysMs;
  const pausedAt = new Map<string, number>();
  for (const { order, hook: plannedHook, script } of plannedDeliveries(now)) {
    const hook = seededWebhook(ctx, plannedHook)!;
    const row = seededOrder(ctx, order)!;
    const event = eventOf(ctx, hook.id, row.id)!;
    const finished = plannedFinishedAt(order, now);
    const times = attemptTimes(finished, script.length, delays);
    const last = times[times.length - 1]!;
    db.prepare('UPDATE webhook_events SET created_at = ?, last_sent_at = ? WHERE id = ?').run(iso(finished + 20), iso(last), event.id);
    const attempts = db.prepare('SELECT id FROM webhook_attempts WHERE event_id = ? ORDER BY attempt').all(event.id) as { id: number }[];
    for (const [k, attempt] of attempts.entries()) db.prepare('UPDATE webhook_attempts SET started_at = ? WHERE id = ?').run(iso(times[Math.min(k, times.length - 1)]!), attempt.id);
    const received = db.prepare('SELECT id FROM webhook_receiver_requests WHERE receiver = ? AND body = ? ORDER BY id').all(plannedHook.receiver, event.body) as { id: number }[];
    for (const [k, request] of received.entries()) {
      db.prepare('UPDATE webhook_receiver_requests SET received_at = ? WHERE id = ?').run(iso(times[Math.min(k, times.length - 1)]! + 5), request.id);
    }
    if (plannedHook.pausedAfter === order.key) {
      db.prepare('UPDATE webhook_events SET next_attempt_at = ? WHERE id = ?').run(last + (delays[script.length - 1] ?? 0), event.id);
      pausedAt.set(plannedHook.key, last + 600);
    }
  }
  for (const planned of PLANNED_WEBHOOKS) {
    const hook = seededWebhook(ctx, planned)!;
    const created = plannedWebhookCreatedAt(planned, now);
    const paused = pausedAt.get(planned.key);
    db.prepare('UPDATE webhooks SET created_at = ?, updated_at = ?, is_active = ? WHERE id = ?').run(iso(created), iso(paused ?? created), paused ? 0 : 1, hook.id);
    setReceiverStatus(ctx, planned.receiver, 200);
  }
}
