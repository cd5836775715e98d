import { parseUrlExpiry } from './url-expiry';

export interface FreshnessPolicy {
  /** Lifetime assumed for a URL that does not carry its expiry, counted from when the engine got it. */
  assumedLifetimeMs: number;
  /** The estimated upload time is multiplied by this (speeds swing on shared lines). */
  safetyFactor: number;
  /** Added on top: the wait before the store sees the request, the store's own clock, rounding. */
  marginMs: number;
  /** How far the browser's clock may lag the service's while no API `Date` header has been seen. */
  unknownSkewMs: number;
}

export const DEFAULT_FRESHNESS: FreshnessPolicy = {
  assumedLifetimeMs: 5 * 60_000,
  safetyFactor: 2,
  marginMs: 5_000,
  unknownSkewMs: 60_000,
};

export interface UrlFacts {
  url: string;
  /** Local time (ms) the engine got the URL. */
  receivedAt: number;
}

/**
 * When the URL stops working, on the local clock. `serverOffsetMs` is an upper bound of
 * (service clock − local clock), null while unknown.
 */
export function localExpiry(facts: UrlFacts, serverOffsetMs: number | null, policy: FreshnessPolicy): number {
  const info = parseUrlExpiry(facts.url);
  if (!info) return facts.receivedAt + policy.assumedLifetimeMs;
  const byClock = info.expiresAt - (serverOffsetMs ?? policy.unknownSkewMs);
  // A lifetime counted from when we got the URL needs no clock agreement; never trust it past the absolute time we can check.
  if (info.lifetimeMs !== undefined) {
    const byAge = facts.receivedAt + info.lifetimeMs;
    return serverOffsetMs === null ? byAge : Math.min(byAge, byClock);
  }
  return byClock;
}

/** True when the URL may expire before an upload started now (taking `uploadMs`) can finish. */
export function mayExpireBefore(
  facts: UrlFacts,
  now: number,
  uploadMs: number,
  serverOffsetMs: number | null,
  policy: FreshnessPolicy,
): boolean {
  return now + uploadMs * policy.safetyFactor + policy.marginMs > localExpiry(facts, serverOffsetMs, policy);
}
