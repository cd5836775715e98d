import { describe, expect, it } from 'vitest';
import { niceTicks } from '../domain/stats';

describe('niceTicks', () => {
  it.each([
    [0, [0, 1, 2, 3]],
    [1, [0, 1, 2, 3]],
    [3, [0, 1, 2, 3]],
    [5, [0, 1, 2, 3, 4, 5]],
    [7, [0, 2, 4, 6, 8]],
    [10, [0, 2, 4, 6, 8, 10]],
    [11, [0, 5, 10, 15]],
    [12345, [0, 5000, 10000, 15000]],
  ])('max %i → %j', (max, expected) => {
    expect(niceTicks(max)).toEqual(expected);
  });

  it('always gives 4 to 6 evenly spaced ticks of 1, 2 or 5 × 10^k whose last covers the maximum', () => {
    for (let max = 0; max <= 100_000; max += max < 300 ? 1 : 997) {
      const ticks = niceTicks(max);
      expect(ticks.length).toBeGreaterThanOrEqual(4);
      expect(ticks.length).toBeLessThanOrEqual(6);
      const step = ticks[1]!;
      expect(ticks.every((t, i) => t === i * step)).toBe(true);
      const mantissa = step / 10 ** Math.floor(Math.log10(step));
      expect([1, 2, 5]).toContain(Math.round(mantissa));
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
    }
  });
});
