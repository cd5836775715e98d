import { describe, expect, it } from 'vitest';
import type { DeliveryStatus } from '@/api/schemas/webhooks';
import { computeHealth, failingBecause, failingRule, formatMs, formatRate, HEALTH_WINDOW, latencyOf, median, percentile, type HealthEvent } from './webhook-health';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
/** Newest first, one hour apart unless told. */
const events = (statuses: DeliveryStatus[], spacingHours = 1): HealthEvent[] =>
  statuses.map((status, i) => ({ status, createdAt: hoursAgo(i * spacingHours) }));

describe('percentiles', () => {
  it('nearest-rank p95 and the median of odd and even counts', () => {
    const sorted = Array.from({ length: 20 }, (_, i) => (i + 1) * 10);
    expect(percentile(sorted, 95)).toBe(190);
    expect(percentile(sorted, 100)).toBe(200);
    expect(percentile([42], 95)).toBe(42);
    expect(median([1, 2, 3])).toBe(2);
    expect(median([1, 2, 3, 10])).toBe(2.5);
  });

  it('latency sorts its input and is null without attempts', () => {
    expect(latencyOf([300, 100, 200])).toEqual({ medianMs: 200, p95Ms: 300, attempts: 3 });
    expect(latencyOf([])).toBeNull();
  });
});

describe('computeHealth', () => {
  it('no events: "No deliveries yet", no rate', () => {
    const health = computeHealth([], null, NOW);
    expect(health).toMatchObject({ state: 'no-deliveries', successRate: null, failedLast24h: 0, latency: null });
  });

  it('all sent: healthy at 100 %', () => {
    const health = computeHealth(events(['SENT', 'SENT', 'SENT']), [120, 80, 100], NOW);
    expect(health).toMatchObject({ state: 'healthy', successRate: 1, sent: 3, failed: 0 });
    expect(health.latency).toEqual({ medianMs: 100, p95Ms: 120, attempts: 3 });
  });

  it('leaves in-flight events out of the rate', () => {
    const health = computeHealth(events(['RETRYING', 'PENDING', 'SENT', 'FAILED']), null, NOW);
    expect(health).toMatchObject({ inFlight: 2, sent: 1, failed: 1, successRate: 0.5 });
  });

  it('only in-flight events: neither healthy nor failing yet', () => {
    expect(computeHealth(events(['PENDING']), null, NOW).state).toBe('in-flight');
  });

  it('flags "failing" when the last 5 finished deliveries all failed, even after older successes', () => {
    const health = computeHealth(events(['FAILED', 'FAILED', 'RETRYING', 'FAILED', 'FAILED', 'FAILED', 'SENT', 'SENT'], 30), null, NOW);
    expect(health.state).toBe('failing');
  });

  it('a single recent failure among successes is not failing', () => {
    expect(computeHealth(events(['FAILED', 'SENT', 'SENT']), null, NOW).state).toBe('healthy');
  });

  it('flags "failing" when all of ≥ 3 deliveries of the last 24 h failed', () => {
    // 3 failures today, then an older success: the last 5 are not all failed, but the last day is.
    const list = [...events(['FAILED', 'FAILED', 'FAILED'], 2), { status: 'SENT' as const, createdAt: hoursAgo(30) }];
    expect(computeHealth(list, null, NOW).state).toBe('failing');
  });

  it('two failures today and an older success are not enough for the 24 h rule', () => {
    const list = [...events(['FAILED', 'FAILED'], 2), { status: 'SENT' as const, createdAt: hoursAgo(30) }];
    expect(computeHealth(list, null, NOW).state).toBe('healthy');
  });

  it('counts failures of the last 24 hours only', () => {
    const health = computeHealth(events(['FAILED', 'SENT', 'FAILED', 'FAILED'], 10), null, NOW);
    // createdAt: 0 h, 10 h, 20 h, 30 h ago
    expect(health.failedLast24h).toBe(2);
    expect(health.dayFullyCovered).toBe(true);
  });

  it('looks at the newest HEALTH_WINDOW events only and says when 24 h is not fully covered', () => {
    const list = [...events(Array(HEALTH_WINDOW).fill('SENT'), 0.01), ...events(['FAILED'])];
    const health = computeHealth(list, null, NOW);
    expect(health.considered).toBe(HEALTH_WINDOW);
    expect(health.failed).toBe(0);
    expect(health.dayFullyCovered).toBe(false);
  });
});

describe('formatting', () => {
  it('rates and durations', () => {
    expect(formatRate(1)).toBe('100 %');
    expect(formatRate(2 / 3)).toBe('66.7 %');
    expect(formatMs(42.4)).toBe('42 ms');
    expect(formatMs(1500)).toBe('1.5 s');
  });
});

describe('the rule shown is the rule applied', () => {
  it('a single failed delivery is "Failing" because it is the only finished one, and the rule says so', () => {
    const health = computeHealth(events(['FAILED']), null, NOW);
    expect(health.state).toBe('failing');
    expect(failingBecause(health.failingBecause!)).toBe('Failing because its only finished delivery failed.');
    expect(failingRule()).toContain('every one of them, while fewer than 5 have finished');
  });

  it('names the part of the rule that applied', () => {
    expect(computeHealth(events(Array(6).fill('FAILED'), 0.1), null, NOW).failingBecause).toEqual({ rule: 'recent', count: 5 });
    const day = [...events(['FAILED', 'FAILED', 'FAILED'], 2), { status: 'SENT' as const, createdAt: hoursAgo(30) }];
    const health = computeHealth(day, null, NOW);
    expect(health.failingBecause).toEqual({ rule: 'day', count: 3 });
    expect(failingBecause(health.failingBecause!)).toBe('Failing because all 3 deliveries of the last 24 h failed.');
    expect(failingBecause({ rule: 'recent', count: 5 })).toBe('Failing because the last 5 finished deliveries all failed.');
    expect(failingBecause({ rule: 'all-finished', count: 3 })).toBe('Failing because all 3 finished deliveries failed.');
    expect(computeHealth(events(['FAILED', 'SENT']), null, NOW).failingBecause).toBeNull();
  });
});
