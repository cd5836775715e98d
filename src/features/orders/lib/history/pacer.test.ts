import { describe, expect, it } from 'vitest';
import type { RateLimitReading } from '@/api/rate-limit';
import { createPacer, waitBefore, WINDOW_MS } from './pacer';

const quiet: RateLimitReading = { limit: 300, remaining: 299, at: 0, blockedUntil: 0 };

describe('waitBefore', () => {
  it('lets the walk send half the plan\'s limit in any 60 s, then waits for the oldest of them to age out', () => {
    const sent = Array.from({ length: 150 }, (_, i) => 1_000 + i * 10);
    expect(waitBefore(sent.slice(0, 149), quiet, 60, 3_000)).toBe(0);
    expect(waitBefore(sent, quiet, 60, 3_000)).toBe(1_000 + WINDOW_MS - 3_000);
  });

  it('uses the plan\'s limit until an answer carries X-RateLimit-Limit', () => {
    const unknown: RateLimitReading = { limit: null, remaining: null, at: 0, blockedUntil: 0 };
    const sent = Array.from({ length: 30 }, (_, i) => i);
    expect(waitBefore(sent, unknown, 60, 100)).toBeGreaterThan(0);
    expect(waitBefore(sent.slice(0, 29), unknown, 60, 100)).toBe(0);
  });

  it('slows down before being refused: half the service\'s window spent by anyone, it waits for the window to end', () => {
    const busy: RateLimitReading = { limit: 300, remaining: 150, at: 10_000, blockedUntil: 0 };
    expect(waitBefore([], busy, 300, 12_000)).toBe(10_000 + WINDOW_MS - 12_000);
    expect(waitBefore([], { ...busy, remaining: 151 }, 300, 12_000)).toBe(0);
    // An old reading says nothing about the window now.
    expect(waitBefore([], busy, 300, 10_000 + WINDOW_MS)).toBe(0);
  });

  it('waits what Retry-After said after a 429', () => {
    expect(waitBefore([], { ...quiet, blockedUntil: 25_000 }, 300, 20_000)).toBe(5_000);
  });
});

describe('createPacer', () => {
  it('never sends more than half the limit in any minute over a long walk', async () => {
    let now = 0;
    const sent: number[] = [];
    const pacer = createPacer({
      now: () => now,
      sleep: async (ms) => void (now += ms),
      reading: () => quiet,
      planLimit: () => 300,
    });
    for (let i = 0; i < 1_000; i++) {
      await pacer.next();
      sent.push(now);
      now += 40; // the service's answer
    }
    const most = Math.max(...sent.map((start) => sent.filter((at) => at >= start && at < start + WINDOW_MS).length));
    expect(most).toBe(150);
    // 1,000 requests at 150 a minute: a bit over six minutes.
    expect(now).toBeGreaterThan(6 * WINDOW_MS);
    expect(now).toBeLessThan(7 * WINDOW_MS);
  });
});
