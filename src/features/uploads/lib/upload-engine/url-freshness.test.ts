import { describe, expect, it } from 'vitest';
import { ThroughputEstimate } from './throughput';
import { DEFAULT_FRESHNESS, localExpiry, mayExpireBefore } from './url-freshness';

const T0 = Date.parse('2026-11-23T12:00:00Z');
const emulatorUrl = (expiresAt: number) => `http://store/storage/k?expires=${Math.floor(expiresAt / 1000)}&signature=ab`;
const policy = { ...DEFAULT_FRESHNESS, unknownSkewMs: 60_000, marginMs: 5_000, safetyFactor: 2 };

describe('localExpiry', () => {
  it('moves an absolute expiry by the known clock offset, or by the assumed worst lag while unknown', () => {
    const facts = { url: emulatorUrl(T0 + 900_000), receivedAt: T0 };
    expect(localExpiry(facts, 30_000, policy)).toBe(T0 + 870_000); // service clock 30 s ahead
    expect(localExpiry(facts, -10_000, policy)).toBe(T0 + 910_000);
    expect(localExpiry(facts, null, policy)).toBe(T0 + 840_000);
  });

  it('counts an S3 lifetime from when the URL was received, capped by the absolute time once the offset is known', () => {
    const url = 'https://b.s3.amazonaws.com/a?X-Amz-Date=20261123T120000Z&X-Amz-Expires=600&X-Amz-Signature=f';
    // The browser clock is 2 minutes behind: by age the URL lives until received + 10 min.
    expect(localExpiry({ url, receivedAt: T0 - 120_000 }, null, policy)).toBe(T0 + 480_000);
    // Received 1 min after signing (a slow answer): the absolute time wins once the offset is known.
    expect(localExpiry({ url, receivedAt: T0 + 60_000 }, 0, policy)).toBe(T0 + 600_000);
  });

  it('assumes a lifetime counted from receipt when the URL carries none', () => {
    expect(localExpiry({ url: 'https://store/a?sig=1', receivedAt: T0 }, null, policy)).toBe(T0 + policy.assumedLifetimeMs);
  });
});

describe('mayExpireBefore', () => {
  const facts = { url: emulatorUrl(T0 + 20_000), receivedAt: T0 };
  it('is false while now + upload time × safety factor + margin stays before the expiry', () => {
    expect(mayExpireBefore(facts, T0, 7_000, 0, policy)).toBe(false); // 14 s + 5 s < 20 s
    expect(mayExpireBefore(facts, T0, 8_000, 0, policy)).toBe(true); // 16 s + 5 s > 20 s
    expect(mayExpireBefore(facts, T0 + 10_000, 1_000, 0, policy)).toBe(false); // 10 + 2 + 5 < 20
    expect(mayExpireBefore(facts, T0 + 14_000, 1_000, 0, policy)).toBe(true); // the same file later: 14 + 2 + 5 > 20
  });
});

describe('ThroughputEstimate', () => {
  it('uses the conservative fallback until something finished, then the recent files', () => {
    const t = new ThroughputEstimate(50_000, 2);
    expect(t.measured).toBe(false);
    expect(t.estimateMs(100_000)).toBe(2_000);
    t.record(100_000, 1_000);
    expect(t.bytesPerSecond()).toBe(100_000);
    t.record(100_000, 3_000);
    expect(t.bytesPerSecond()).toBe(50_000);
    t.record(300_000, 1_000); // the oldest sample leaves the window
    expect(t.bytesPerSecond()).toBe(100_000);
    t.record(0, 0); // nothing to learn from
    expect(t.bytesPerSecond()).toBe(100_000);
  });
});
