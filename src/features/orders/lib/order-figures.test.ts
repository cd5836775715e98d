import { describe, expect, it } from 'vitest';
import { anOrder } from '@/testing/orders';
import { averageProcessingTime, filesFinishedSince, ordersInProgress, ordersWindowStart, usageThisMonthByKind } from './order-figures';

const order = anOrder;

describe('filesFinishedSince', () => {
  it('adds the files of orders that finished with a result at or after the moment, not failed or unfinished ones', () => {
    const since = Date.parse('2026-11-20T10:00:00.000Z');
    const orders = [
      order({ fileCount: 3, completedAt: '2026-11-20T10:00:00.000Z' }),
      order({ fileCount: 2, type: 'watermarkExtract', status: 'detected', completedAt: '2026-11-20T11:00:00.000Z' }),
      order({ fileCount: 5, completedAt: '2026-11-20T09:59:59.000Z' }),
      order({ fileCount: 7, status: 'failed', completedAt: null }),
      order({ fileCount: 4, status: 'inProgress', completedAt: null }),
    ];
    expect(filesFinishedSince(orders, since)).toEqual({ files: 5, orders: 2 });
  });
});

describe('ordersInProgress', () => {
  it('counts processing and waiting orders apart', () => {
    const orders = [order({ status: 'inProgress' }), order({ status: 'pending' }), order({ status: 'pending' }), order({})];
    expect(ordersInProgress(orders)).toEqual({ processing: 1, waiting: 2 });
  });
});

describe('averageProcessingTime', () => {
  it('averages creation to completion over the last finished orders, leaving failed ones out', () => {
    const orders = [
      order({ createdAt: '2026-11-20T10:00:00.000Z', completedAt: '2026-11-20T10:00:20.000Z' }),
      order({ createdAt: '2026-11-21T10:00:00.000Z', completedAt: '2026-11-21T10:00:40.000Z' }),
      order({ createdAt: '2026-11-19T10:00:00.000Z', completedAt: '2026-11-19T10:10:00.000Z' }),
      order({ status: 'failed', completedAt: null }),
    ];
    expect(averageProcessingTime(orders, 2)).toEqual({ averageMs: 30_000, orders: 2 });
    expect(averageProcessingTime([order({ status: 'pending', completedAt: null })])).toBeNull();
  });
});

describe('usageThisMonthByKind', () => {
  it('splits the UTC month’s files by kind, counting expired orders that had a result', () => {
    const now = Date.parse('2026-11-25T12:00:00.000Z');
    const byKind = usageThisMonthByKind(
      [
        order({ fileCount: 2, completedAt: '2026-11-01T00:00:00.000Z' }),
        order({ fileCount: 3, status: 'expired', completedAt: '2026-11-03T00:00:00.000Z' }),
        order({ fileCount: 1, type: 'watermarkEmbed', completedAt: '2026-11-24T00:00:00.000Z' }),
        order({ fileCount: 9, completedAt: '2026-10-31T23:59:59.000Z' }),
        order({ fileCount: 9, status: 'expired', completedAt: null }),
      ],
      now,
    );
    expect(byKind).toEqual({
      antiAi: { files: 5, orders: 2 },
      watermarkEmbed: { files: 1, orders: 1 },
      watermarkExtract: { files: 0, orders: 0 },
    });
  });
});

describe('ordersWindowStart', () => {
  it('reaches a week before the month’s start or the sign-in, whichever is earlier', () => {
    const now = Date.parse('2026-11-25T12:00:00.000Z');
    expect(new Date(ordersWindowStart(now - 3600_000, now)).toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(new Date(ordersWindowStart(Date.parse('2026-10-20T00:00:00.000Z'), now)).toISOString()).toBe('2026-10-13T00:00:00.000Z');
  });
});
