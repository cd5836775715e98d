import type { RateLimitReading } from '@/api/rate-limit';

/*
 * The pace of a background walk (docs/decisions/history-cache.md, "Pacing"). The service counts requests per
 * account in fixed one-minute windows, and the customer's own integration spends the same limit. Two rules:
 *  1. the tab sends at most half the plan's limit in any 60 s, the walk's requests and the rest of the dashboard's
 *     together (a rolling window, so two fixed windows back to back cannot hold more than half between them either);
 *  2. it slows down before being refused: when the service's last answer says half the window or more is spent
 *     (by anyone: this tab, another tab, the integration), it waits for the window to end; after a 429 it waits
 *     what Retry-After says.
 */

export const WINDOW_MS = 60_000;

export interface PacerDeps {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  reading: () => RateLimitReading;
  /** The plan's limit when no answer has carried X-RateLimit-Limit yet. */
  planLimit: () => number;
  /**
   * Every request this tab sent in the last 60 s (the client notes them all: the history's, the polling's), so the
   * walk holds back when the rest of the dashboard is busy. Without it, the walk counts its own.
   */
  sent?: () => readonly number[];
}

export interface Pacer {
  /** Resolves when the next request may go; records it as sent. Rejects when `signal` aborts. */
  next(signal?: AbortSignal): Promise<void>;
  /** How long `requests` more would take at this pace (ms). */
  estimateMs(requests: number): number;
  /** Requests a minute the walk allows itself. */
  budget(): number;
}


/** How long to wait before the next request (0: now), given the walk's own recent sends. */
export function waitBefore(sent: readonly number[], reading: RateLimitReading, planLimit: number, now: number): number {
  const limit = reading.limit ?? planLimit;
  const budget = Math.max(1, Math.floor(limit / 2));
  let wait = 0;
  if (reading.blockedUntil > now) wait = reading.blockedUntil - now;
  const recent = sent.filter((at) => now - at < WINDOW_MS);
  if (recent.length >= budget) wait = Math.max(wait, recent[recent.length - budget]! + WINDOW_MS - now);
  // Half the service's window spent (as of an answer in that window): wait for the window to end. The window
  // started at most 60 s before that answer; waiting 60 s after it is the safe end.
  const fresh = reading.remaining !== null && reading.limit !== null && now - reading.at < WINDOW_MS;
  if (fresh && reading.remaining! <= reading.limit! - budget) wait = Math.max(wait, reading.at + WINDOW_MS - now);
  return Math.max(0, Math.ceil(wait));
}

export function createPacer(deps: PacerDeps): Pacer {
  const own: number[] = [];
  const sent = () => deps.sent?.() ?? own;
  const budget = () => Math.max(1, Math.floor((deps.reading().limit ?? deps.planLimit()) / 2));
  return {
    budget,
    async next(signal) {
      for (;;) {
        signal?.throwIfAborted();
        const now = deps.now();
        const wait = waitBefore(sent(), deps.reading(), deps.planLimit(), now);
        if (wait === 0) break;
        // In steps: a newer answer (another tab's) may tell us the window was reset sooner.
        await deps.sleep(Math.min(wait, 5_000), signal);
      }
      if (!deps.sent) {
        own.push(deps.now());
        while (own.length > 0 && deps.now() - own[0]! >= WINDOW_MS) own.shift();
      }
    },
    estimateMs(requests) {
      const perMinute = budget();
      // Within this minute's budget the pages go as fast as the service answers (about 50 ms here); beyond it, a
      // minute per budget.
      const free = Math.max(0, perMinute - sent().filter((at) => deps.now() - at < WINDOW_MS).length);
      if (requests <= free) return requests * 50;
      return Math.ceil((requests - free) / perMinute) * WINDOW_MS;
    },
  };
}
