import { afterEach, describe, expect, it } from 'vitest';
import { localOrderName, localStamp } from './order-name';

describe('localOrderName', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('uses the local clock, not UTC: 15:45 UTC is 00:45 the next day in Seoul', () => {
    process.env.TZ = 'Asia/Seoul';
    expect(localOrderName('Anti-AI', new Date('2026-11-26T15:45:23Z'))).toBe('Anti-AI 2026-11-27 00:45:23');
    process.env.TZ = 'UTC';
    expect(localOrderName('Anti-AI', new Date('2026-11-26T15:45:23Z'))).toBe('Anti-AI 2026-11-26 15:45:23');
  });

  it('fits 64 characters by cutting the label, never the time', () => {
    const name = localOrderName('x'.repeat(80), new Date(2026, 10, 27, 0, 45, 23));
    expect(name).toHaveLength(64);
    expect(name.endsWith(' 2026-11-27 00:45:23')).toBe(true);
  });

  it('pads every field', () => {
    expect(localStamp(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });
});
