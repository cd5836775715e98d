import type { DeliveryScheduler, EmulatorContext, OrderFinishedEvent } from '../context';
import {
  dueEvents,
  findEventById,
  insertEvent,
  nextDueAt,
  recordAttempt,
  type StoredEvent,
} from '../domain/delivery-events-repo';
import { activeWebhooksOf, findWebhookById, type StoredWebhook } from '../domain/webhooks-repo';
import { attemptDelivery, deliveryRequest, type AttemptOutcome } from './attempt';
import { crashPoint } from '../faults/crash-point';
import { buildPayload } from './payload';

/** A slow receiver holds at most this many connections; the API itself never waits on a delivery. */
export const MAX_IN_FLIGHT = 8;
/** Also catches events that became due without a kick (a webhook switched back on). */
const SAFETY_POLL_MS = 1000;

/**
 * Durable delivery scheduler: every event lives in webhook_events with its
 * next_attempt_at, so a restart resumes exactly where the schedule was.
 */
export class WebhookDeliveries implements DeliveryScheduler {
  private readonly inFlight = new Set<number>();
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly ctx: EmulatorContext) {}

  /** Runs inside the order's transaction: store the events only; sending happens after commit. */
  onOrderFinished(event: OrderFinishedEvent): void {
    const hooks = activeWebhooksOf(this.ctx.db, event.accountId);
    if (hooks.length === 0) return;
    const { eventType, payload } = buildPayload(event);
    const body = JSON.stringify(payload);
    for (const hook of hooks) insertEvent(this.ctx.db, hook.id, eventType, body);
    setImmediate(() => this.pump());
  }

  kick(): void {
    setImmediate(() => this.pump());
  }

  isBusy(eventId: number): boolean {
    return this.inFlight.has(eventId);
  }

  /** Marks an event as taken (manual retries) so two sends of it never overlap. */
  claim(eventId: number): boolean {
    if (this.stopped || this.inFlight.has(eventId)) return false;
    this.inFlight.add(eventId);
    return true;
  }

  release(eventId: number): void {
    this.inFlight.delete(eventId);
    // A full scheduler waits for a free slot; manual retries hold slots too.
    this.kick();
  }

  get stopSignal(): AbortSignal {
    return this.stopping.signal;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.stopping.abort();
    await Promise.allSettled([...this.running]);
  }

  private pump(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    const free = MAX_IN_FLIGHT - this.inFlight.size;
    if (free > 0) {
      for (const event of dueEvents(this.ctx.db, Date.now(), free, this.inFlight)) this.start(event);
    }
    // When full, the next finished attempt pumps again.
    if (this.inFlight.size >= MAX_IN_FLIGHT) return;
    const next = nextDueAt(this.ctx.db, this.inFlight);
    const wait = next === undefined ? SAFETY_POLL_MS : Math.min(SAFETY_POLL_MS, Math.max(5, next - Date.now()));
    this.timer = setTimeout(() => this.pump(), wait);
    this.timer.unref();
  }

  private start(event: StoredEvent): void {
    this.inFlight.add(event.id);
    const run = this.deliver(event)
      .catch((error: unknown) => {
        if (!this.stopped) console.error('emulator: webhook delivery failed unexpectedly', error);
      })
      .finally(() => {
        this.inFlight.delete(event.id);
        this.running.delete(run);
        if (!this.stopped) this.pump();
      });
    this.running.add(run);
  }

  private async deliver(event: StoredEvent): Promise<void> {
    const hook = findWebhookById(this.ctx.db, event.webhookId);
    if (!hook) return;
    const outcome = await attemptDelivery(deliveryRequest(hook.url, hook.secret, event.eventId, event.body), this.stopping.signal);
    // Cut short by shutdown: leave the event due, so the next start sends it again.
    if (outcome.interrupted || this.stopped) return;
    if (outcome.success) crashPoint('delivery-after-answer');
    const delays = this.ctx.config.webhookRetryDelaysMs;
    const retries = event.status === 'RETRYING' ? event.retries + 1 : event.retries;
    if (outcome.success) {
      recordAttempt(this.ctx.db, event.id, outcome, { status: 'SENT', retries, nextAttemptAt: null });
    } else if (retries < delays.length) {
      // The delay counts from the failed answer, so a timed-out attempt is followed by the full pause too.
      recordAttempt(this.ctx.db, event.id, outcome, { status: 'RETRYING', retries, nextAttemptAt: Date.now() + delays[retries]! });
    } else {
      recordAttempt(this.ctx.db, event.id, outcome, { status: 'FAILED', retries, nextAttemptAt: null });
    }
  }
}

export function startWebhookDeliveries(ctx: EmulatorContext): WebhookDeliveries {
  const worker = new WebhookDeliveries(ctx);
  ctx.deliveries = worker;
  ctx.orderFinishedListeners.push((event) => worker.onOrderFinished(event));
  ctx.onClose(() => worker.stop());
  worker.kick();
  return worker;
}

export type ManualRetryResult = { event: StoredEvent; outcome: AttemptOutcome } | { busy: true };

/**
 * One immediate attempt for a FAILED event, on the request path (the caller
 * waits for its answer). Success makes it SENT; failure leaves it FAILED.
 * A manual retry counts as a retry made.
 */
export async function retryEventNow(ctx: EmulatorContext, hook: StoredWebhook, event: StoredEvent): Promise<ManualRetryResult> {
  const worker = ctx.deliveries;
  if (worker && !worker.claim(event.id)) return { busy: true };
  try {
    const outcome = await attemptDelivery(deliveryRequest(hook.url, hook.secret, event.eventId, event.body), worker?.stopSignal);
    if (!outcome.interrupted) {
      recordAttempt(ctx.db, event.id, outcome, {
        status: outcome.success ? 'SENT' : 'FAILED',
        retries: event.retries + 1,
        nextAttemptAt: null,
      });
    }
    return { event: findEventById(ctx.db, event.id) ?? event, outcome };
  } finally {
    worker?.release(event.id);
  }
}
