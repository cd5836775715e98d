import { afterEach, describe, expect, it } from 'vitest';
import { noteRequest, rateLimitReading, recentRequests, recordRateLimit, resetRateLimitReading, retryAfterMs } from './rate-limit';

afterEach(resetRateLimitReading);

describe('the rate-limit reading', () => {
  it('keeps the limit and what is left from every answer, and the wait a 429 asks for', () => {
    recordRateLimit(200, new Headers({ 'X-RateLimit-Limit': '300', 'X-RateLimit-Remaining': '120' }), 1_000);
    expect(rateLimitReading()).toEqual({ limit: 300, remaining: 120, at: 1_000, blockedUntil: 0 });
    recordRateLimit(429, new Headers({ 'X-RateLimit-Limit': '300', 'X-RateLimit-Remaining': '0', 'Retry-After': '17' }), 2_000);
    expect(rateLimitReading()).toEqual({ limit: 300, remaining: 0, at: 2_000, blockedUntil: 19_000 });
    // An answer without the headers changes nothing.
    recordRateLimit(200, new Headers(), 3_000);
    expect(rateLimitReading().at).toBe(2_000);
  });

  it('reads Retry-After in seconds or as a date, and waits a whole minute after a 429 without one', () => {
    expect(retryAfterMs('3', 0)).toBe(3_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 12:00:10 GMT', Date.parse('2026-11-26T12:00:00Z'))).toBe(10_000);
    expect(retryAfterMs(null)).toBeNull();
    recordRateLimit(429, new Headers({ 'X-RateLimit-Limit': '60' }), 5_000);
    expect(rateLimitReading().blockedUntil).toBe(65_000);
  });

  it('counts the requests of the last minute', () => {
    noteRequest(1_000);
    noteRequest(30_000);
    noteRequest(61_500);
    expect(recentRequests(62_000)).toEqual([30_000, 61_500]);
  });
});
