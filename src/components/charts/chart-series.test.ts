import { describe, expect, it } from 'vitest';
import { ORDER_TYPES } from '@/api/schemas/orders';
import { countScale, pointTotal, SERIES_COLOURS, shareOf } from './chart-series';

describe('chart series', () => {
  it('gives every order kind its own colour, and all kinds together another', () => {
    const colours = [SERIES_COLOURS.files, ...ORDER_TYPES.map((type) => SERIES_COLOURS[type])];
    expect(new Set(colours).size).toBe(ORDER_TYPES.length + 1);
    // CSS variables of src/index.css, so a dark page gets the lighter shade of the same colour.
    for (const colour of colours) expect(colour).toMatch(/^var\(--chart-[a-z-]+\)$/);
  });

  it('puts a value at its share of the domain, and one beyond it at the top', () => {
    const scale = { domain: [0, 40], ticks: [0, 10, 20, 30, 40] };
    expect([0, 10, 30, 40, 55, -3].map((value) => shareOf(value, scale))).toEqual([0, 0.25, 0.75, 1, 1, 0]);
    expect(shareOf(5, { domain: [0, 0], ticks: [0] })).toBe(0);
  });

  it('makes a round scale for counts the service gives none for', () => {
    expect(countScale(0)).toEqual({ domain: [0, 4], ticks: [0, 1, 2, 3, 4] });
    expect(countScale(3)).toEqual({ domain: [0, 3], ticks: [0, 1, 2, 3] });
    expect(countScale(37)).toEqual({ domain: [0, 40], ticks: [0, 10, 20, 30, 40] });
    expect(countScale(120)).toEqual({ domain: [0, 150], ticks: [0, 50, 100, 150] });
    expect(countScale(1234).ticks.at(-1)).toBeGreaterThanOrEqual(1234);
  });

  it('adds up only the series drawn', () => {
    const point = { key: '2026-03-01', label: '', longLabel: '', values: { antiAi: 2, watermarkEmbed: 3, files: 9 } };
    expect(pointTotal(point, [{ key: 'antiAi', name: '' }, { key: 'watermarkEmbed', name: '' }, { key: 'watermarkExtract', name: '' }])).toBe(5);
  });
});
