import type { DeliveryStatus } from '@/api/schemas/webhooks';
import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { DAY_MS } from '@/lib/time';

/** How many recent deliveries the health figures cover (the events listing's largest page). */
export const HEALTH_WINDOW = 100;
/** "Failing" when this many most recent finished deliveries all failed (or all of them, when fewer)… */
export const FAILING_RECENT = 5;
/** …or when at least this many finished in the last 24 hours and every one of them failed. */
export const FAILING_DAY_MIN = 3;

export interface HealthEvent {
  status: DeliveryStatus;
  createdAt: string;
}

export interface LatencySummary {
  medianMs: number;
  p95Ms: number;
  attempts: number;
}

export type HealthState = 'no-deliveries' | 'failing' | 'healthy' | 'in-flight';

/** Which part of the rule made a webhook "Failing", so the card can say it. */
export type FailingBecause =
  | { rule: 'recent'; count: number }
  | { rule: 'all-finished'; count: number }
  | { rule: 'day'; count: number };

export interface WebhookHealth {
  state: HealthState;
  /** Events looked at (at most HEALTH_WINDOW, newest first). */
  considered: number;
  sent: number;
  failed: number;
  /** PENDING or RETRYING: not counted in the rate. */
  inFlight: number;
  /** SENT / (SENT + FAILED), 0..1; null when nothing has finished. */
  successRate: number | null;
  failedLast24h: number;
  /** True when the window holds events older than 24 h, i.e. the 24 h count is complete; false means "at least". */
  dayFullyCovered: boolean;
  latency: LatencySummary | null;
  failingBecause: FailingBecause | null;
}

/** Nearest-rank percentile (p in 0..100) of numbers already sorted ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('percentile of no values');
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Median as the mean of the two middle values for an even count. */
export function median(sorted: readonly number[]): number {
  if (sorted.length === 0) throw new Error('median of no values');
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function latencyOf(durationsMs: readonly number[]): LatencySummary | null {
  if (durationsMs.length === 0) return null;
  const sorted = [...durationsMs].sort((a, b) => a - b);
  return { medianMs: median(sorted), p95Ms: percentile(sorted, 95), attempts: sorted.length };
}

const finished = (e: HealthEvent) => e.status === 'SENT' || e.status === 'FAILED';

/**
 * Health of one webhook from its most recent events (newest first, as the listing returns them)
 * and, when the emulator offers them, the durations of its recent attempts.
 */
export function computeHealth(events: readonly HealthEvent[], attemptDurationsMs: readonly number[] | null, now: Date = new Date()): WebhookHealth {
  const recent = events.slice(0, HEALTH_WINDOW);
  const done = recent.filter(finished);
  const sent = done.filter((e) => e.status === 'SENT').length;
  const failed = done.length - sent;
  const since = now.getTime() - DAY_MS;
  const lastDay = done.filter((e) => Date.parse(e.createdAt) >= since);
  const failedLast24h = lastDay.filter((e) => e.status === 'FAILED').length;

  const lastFew = done.slice(0, FAILING_RECENT);
  const failingBecause: FailingBecause | null =
    lastFew.length > 0 && lastFew.every((e) => e.status === 'FAILED')
      ? { rule: lastFew.length === FAILING_RECENT ? 'recent' : 'all-finished', count: lastFew.length }
      : lastDay.length >= FAILING_DAY_MIN && failedLast24h === lastDay.length
        ? { rule: 'day', count: lastDay.length }
        : null;

  const state: HealthState = recent.length === 0 ? 'no-deliveries' : failingBecause ? 'failing' : done.length === 0 ? 'in-flight' : 'healthy';
  return {
    state,
    considered: recent.length,
    sent,
    failed,
    inFlight: recent.length - done.length,
    successRate: done.length ? sent / done.length : null,
    failedLast24h,
    dayFullyCovered: recent.length < HEALTH_WINDOW || Date.parse(recent.at(-1)!.createdAt) < since,
    latency: attemptDurationsMs ? latencyOf(attemptDurationsMs) : null,
    failingBecause,
  };
}

/** The rule computeHealth applies, in words built from the same constants, so the note cannot drift from the code. */
export function failingRule(): string {
  const recent = FAILING_RECENT;
  const dayMin = FAILING_DAY_MIN;
  return i18n._(
    msg`“Failing” means the last ${recent} finished deliveries all failed (every one of them, while fewer than ${recent} have finished), or at least ${dayMin} finished in the last 24 h and all of them failed.`,
  );
}

/** Why this webhook is "Failing", as a sentence: the part of the rule that applied. */
export function failingBecause(because: FailingBecause): string {
  const { count } = because;
  switch (because.rule) {
    case 'recent':
      return i18n._(msg`Failing because the last ${count} finished deliveries all failed.`);
    case 'all-finished':
      return i18n._(
        msg`Failing because ${plural(count, { one: 'its only finished delivery failed', other: 'all # finished deliveries failed' })}.`,
      );
    case 'day':
      return i18n._(msg`Failing because all ${plural(count, { one: '# delivery', other: '# deliveries' })} of the last 24 h failed.`);
  }
}

/** "100 %", "66.7 %": one decimal only when it is not a whole number (the sign's spacing is the language's). */
export function formatRate(rate: number): string {
  const rounded = Math.round(rate * 1000) / 10;
  const pct = Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1);
  return i18n._(msg`${pct} %`);
}

export function formatMs(ms: number): string {
  if (ms >= 1000) {
    const seconds = (ms / 1000).toFixed(ms >= 10_000 ? 0 : 1);
    return i18n._(msg`${seconds} s`);
  }
  const millis = Math.round(ms);
  return i18n._(msg`${millis} ms`);
}
