import { describe, expect, it } from 'vitest';
import { anOrder } from '@/testing/orders';
import { addMonths, defaultGrouping, emptyPeriods, ordersNeededFrom, periodStart, presetRange, rangeProblem, usageHistory } from './usage-history';

const order = anOrder;

describe('ranges', () => {
  it('presets end today and span 30 days, 3 or 12 whole months', () => {
    expect(presetRange('30d', '2026-11-25')).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(presetRange('3m', '2026-11-25')).toEqual({ from: '2026-08-26', to: '2026-11-25' });
    expect(presetRange('12m', '2026-11-25')).toEqual({ from: '2025-11-26', to: '2026-11-25' });
  });

  it('clamps a month step to the shorter month', () => {
    expect(addMonths('2026-05-31', -3)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
  });

  it('refuses ranges longer than 12 months, reversed, in the future or not real days', () => {
    const today = '2026-11-25';
    expect(rangeProblem({ from: '2025-11-26', to: today }, today)).toBeNull();
    expect(rangeProblem({ from: '2025-11-25', to: today }, today)).toBe('too-long');
    expect(rangeProblem({ from: '2026-11-20', to: '2026-11-10' }, today)).toBe('order');
    expect(rangeProblem({ from: '2026-11-20', to: '2026-11-26' }, today)).toBe('future');
    expect(rangeProblem({ from: '2026-02-30', to: today }, today)).toBe('invalid');
  });

  it('picks days up to two months, weeks up to half a year, else months', () => {
    expect(defaultGrouping(presetRange('30d', '2026-11-25'))).toBe('day');
    expect(defaultGrouping(presetRange('3m', '2026-11-25'))).toBe('week');
    expect(defaultGrouping(presetRange('12m', '2026-11-25'))).toBe('month');
  });
});

describe('periods', () => {
  it('weeks start on Monday (ISO), months on the 1st', () => {
    expect(periodStart('2026-11-25', 'week')).toBe('2026-11-23'); // a Wednesday
    expect(periodStart('2026-11-23', 'week')).toBe('2026-11-23'); // Monday itself
    expect(periodStart('2026-11-29', 'week')).toBe('2026-11-23'); // Sunday ends the week
    expect(periodStart('2026-11-25', 'month')).toBe('2026-11-01');
  });

  it('covers the range with no gap, cutting the first and last period to it', () => {
    const weeks = emptyPeriods({ from: '2026-11-04', to: '2026-11-25' }, 'week');
    expect(weeks.map((w) => [w.start, w.end])).toEqual([
      ['2026-11-04', '2026-11-08'],
      ['2026-11-09', '2026-11-15'],
      ['2026-11-16', '2026-11-22'],
      ['2026-11-23', '2026-11-25'],
    ]);
    const months = emptyPeriods(presetRange('12m', '2026-11-25'), 'month');
    expect(months).toHaveLength(13);
    expect([months[0]!.start, months[0]!.end, months.at(-1)!.start, months.at(-1)!.end]).toEqual(['2025-11-26', '2025-11-30', '2026-11-01', '2026-11-25']);
    expect(emptyPeriods({ from: '2026-11-01', to: '2026-11-30' }, 'day')).toHaveLength(30);
  });
});

describe('usageHistory', () => {
  const range = { from: '2026-11-01', to: '2026-11-25' };
  const orders = [
    order({ fileCount: 3, completedAt: '2026-11-23T00:00:00.000Z' }),
    order({ fileCount: 2, type: 'watermarkEmbed', channel: 'api', completedAt: '2026-11-24T23:59:59.000Z' }),
    order({ fileCount: 1, type: 'watermarkExtract', status: 'undetected', completedAt: '2026-11-22T23:59:59.000Z' }),
    order({ fileCount: 4, type: 'watermarkExtract', status: 'detected', channel: 'api', completedAt: '2026-11-02T08:00:00.000Z' }),
    // Expired orders keep their completedAt and counted when they finished.
    order({ fileCount: 6, status: 'expired', completedAt: '2026-11-10T08:00:00.000Z' }),
    // Not usage: failed, unfinished, or finished outside the range.
    order({ fileCount: 50, status: 'failed', completedAt: null }),
    order({ fileCount: 50, status: 'pending', completedAt: null }),
    order({ fileCount: 50, completedAt: '2026-10-31T23:59:59.000Z' }),
  ];

  it('counts files of successful orders on the UTC day they finished, split by kind', () => {
    const { periods, totals } = usageHistory(orders, range, 'week', 'all');
    const week = (start: string) => periods.find((p) => p.start === start)!;
    expect(week('2026-11-23').files).toEqual({ antiAi: 3, watermarkEmbed: 2, watermarkExtract: 0 });
    expect(week('2026-11-16').files).toEqual({ antiAi: 0, watermarkEmbed: 0, watermarkExtract: 1 });
    expect(week('2026-11-09')).toMatchObject({ total: 6, orders: 1 });
    expect(week('2026-11-01')).toMatchObject({ end: '2026-11-01', total: 0 });
    expect(week('2026-11-02').files.watermarkExtract).toBe(4);
    expect(totals).toEqual({ files: { antiAi: 9, watermarkEmbed: 2, watermarkExtract: 5 }, total: 16, orders: 5 });
  });

  it('keeps only the chosen channel', () => {
    expect(usageHistory(orders, range, 'month', 'api').totals).toEqual({ files: { antiAi: 0, watermarkEmbed: 2, watermarkExtract: 4 }, total: 6, orders: 2 });
    expect(usageHistory(orders, range, 'month', 'web').totals.total).toBe(10);
  });

  it('groups by day and by month with the same totals', () => {
    const byDay = usageHistory(orders, range, 'day', 'all');
    expect(byDay.periods).toHaveLength(25);
    expect(byDay.periods.find((p) => p.start === '2026-11-24')!.total).toBe(2);
    const byMonth = usageHistory(orders, range, 'month', 'all');
    expect(byMonth.periods.map((p) => p.total)).toEqual([16]);
  });

  it('reads orders created up to 7 days before the range, since an order can finish that much later', () => {
    expect(new Date(ordersNeededFrom(range)).toISOString()).toBe('2026-10-25T00:00:00.000Z');
  });
});
