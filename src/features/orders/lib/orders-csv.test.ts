import { describe, expect, it } from 'vitest';
import type { Order } from '@/api/schemas/orders';
import { anOrder } from '@/testing/orders';
import { ordersCsv, ordersCsvName } from './orders-csv';

const order = (overrides: Partial<Order>): Order =>
  anOrder({
    orderId: 'ord_1',
    orderName: 'Homepage banners',
    type: 'watermarkExtract',
    channel: 'api',
    status: 'detected',
    fileCount: 2,
    createdAt: '2026-11-25T07:47:00.000Z',
    updatedAt: '2026-11-25T07:48:00.000Z',
    watermarks: [],
    watermarkText: '© Imprint',
    completedAt: '2026-11-25T07:48:00.000Z',
    ...overrides,
  });

describe('ordersCsv', () => {
  it('writes one row per order under named columns, with the list’s words and ISO times with an offset', () => {
    const lines = ordersCsv([order({}), order({ orderId: 'ord_2', orderName: '@import, "x"', status: 'failed', completedAt: null, watermarkText: null, errors: 'IMG_2291.jpg is truncated' })])
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('Order ID,Order name,Type,Status,Channel,Files,Created,Updated,Finished at,Watermark text found,Problem reported');
    const [id, name, type, status, channel, files, created] = lines[1]!.split(',');
    expect([id, name, type, status, channel, files]).toEqual(['ord_1', 'Homepage banners', 'Watermark extract', 'Watermark found', 'API', '2']);
    expect(created).toMatch(/^2026-11-2[45]T\d\d:\d\d:00[+-]\d\d:\d\d$/);
    expect(Date.parse(created!)).toBe(Date.parse('2026-11-25T07:47:00.000Z'));
    // A name a spreadsheet would run is defused and quoted; no finish time is an empty cell.
    expect(lines[2]).toContain(`,"'@import, ""x""",`);
    expect(lines[2]).toMatch(/,Failed,API,2,[^,]+,[^,]+,,,IMG_2291\.jpg is truncated$/);
    expect(lines[3]).toBe('');
  });

  it('names the file after the moment of the export', () => {
    expect(ordersCsvName(new Date())).toMatch(/^orders-\d{4}-\d\d-\d\d-\d{4}\.csv$/);
  });
});
