/**
 * What the service's answers say about the account's rate limit (docs/interface-decisions.md: `X-RateLimit-Limit`
 * and `X-RateLimit-Remaining` on every answer, `Retry-After` on a 429). The client records every answer here, so a
 * long background reading (the orders history, docs/decisions/history-cache.md) can pace itself on what the
 * whole tab has spent, and stop before the service refuses anyone.
 */

export interface RateLimitReading {
  /** Requests a minute the plan allows (X-RateLimit-Limit), or null before any answer carried it. */
  limit: number | null;
  /** Requests left in the current window as of `at` (X-RateLimit-Remaining), or null. */
  remaining: number | null;
  /** When the reading was taken (ms). */
  at: number;
  /** Until when (ms) the service asked us to wait after a 429 (Retry-After); 0 when it did not. */
  blockedUntil: number;
}

let reading: RateLimitReading = { limit: null, remaining: null, at: 0, blockedUntil: 0 };
/** When this tab sent its requests of the last minute (the service counts them all, whoever in the tab sent them). */
let sent: number[] = [];

/** Called by the client as each request leaves. */
export function noteRequest(now = Date.now()): void {
  sent.push(now);
  if (sent.length > 4_000 || now - sent[0]! >= 60_000) sent = sent.filter((at) => now - at < 60_000);
}

/** This tab's requests of the last 60 s, oldest first. */
export function recentRequests(now = Date.now()): readonly number[] {
  return sent.filter((at) => now - at < 60_000);
}

const toNumber = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  const seconds = toNumber(value);
  if (seconds !== null) return seconds * 1000;
  if (!value) return null;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

/** Called by the client with every answer's status and headers. */
export function recordRateLimit(status: number, headers: Headers, now = Date.now()): void {
  const limit = toNumber(headers.get('X-RateLimit-Limit'));
  const remaining = toNumber(headers.get('X-RateLimit-Remaining'));
  const wait = status === 429 ? retryAfterMs(headers.get('Retry-After'), now) : null;
  if (limit === null && remaining === null && wait === null) return;
  reading = {
    limit: limit ?? reading.limit,
    remaining: remaining ?? (status === 429 ? 0 : reading.remaining),
    at: now,
    // A 429 without Retry-After: wait a whole window, the longest the service can mean.
    blockedUntil: status === 429 ? now + (wait ?? 60_000) : reading.blockedUntil,
  };
}

export function rateLimitReading(): RateLimitReading {
  return reading;
}

/** Tests only. */
export function resetRateLimitReading(): void {
  reading = { limit: null, remaining: null, at: 0, blockedUntil: 0 };
  sent = [];
}
