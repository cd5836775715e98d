import { describe, expect, it } from 'vitest';
import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { toCsv } from '@/lib/csv';
import { defaultExportRange, exportFileName, exportJsonItem, exportRow, inRange, isoWithOffset } from './events-export';

const event: DeliveryEvent = {
  id: 42,
  eventId: '3f2a9c1e-5b7d-4e21-9a8c-0d1e2f3a4b5c',
  eventType: 'order.antiAi.failed',
  status: 'FAILED',
  retries: 3,
  lastSentAt: null,
  createdAt: '2026-11-20T10:00:00.123Z',
};

describe('isoWithOffset', () => {
  it('writes local time with the offset, naming the same instant', () => {
    const text = isoWithOffset(event.createdAt);
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.123[+-]\d{2}:\d{2}$/);
    expect(Date.parse(text)).toBe(Date.parse(event.createdAt));
  });
});

describe('exportRow', () => {
  it('maps an event to the CSV columns, an empty cell for a time not yet known', () => {
    const row = exportRow(event);
    expect(row.slice(0, 8)).toEqual([42, event.eventId, 'order.antiAi.failed', null, null, 'FAILED', 3, null]);
    expect(Date.parse(row[8] as string)).toBe(Date.parse(event.createdAt));
    const csv = toCsv(['Record id', 'Event id', 'Event type', 'Order id', 'Order name', 'Status', 'Retries', 'Last sent', 'Created'], [row]);
    expect(csv.split('\r\n')[1]).toBe(`42,${event.eventId},order.antiAi.failed,,,FAILED,3,,${row[8]}`);
  });

  it('names the order where the data carries it, in CSV and JSON', () => {
    const order = { eventId: 42, orderId: 'ord_abc', orderName: 'Spring, shoot' };
    const row = exportRow(event, order);
    expect(row.slice(3, 5)).toEqual(['ord_abc', 'Spring, shoot']);
    expect(toCsv(['a'], [row]).split('\r\n')[1]).toContain(',ord_abc,"Spring, shoot",');
    expect(exportJsonItem(event, order)).toEqual({ ...event, orderId: 'ord_abc', orderName: 'Spring, shoot' });
    expect(exportJsonItem(event)).toMatchObject({ orderId: null, orderName: null });
  });
});

describe('ranges', () => {
  it('defaults to the last 7 days, today included', () => {
    expect(defaultExportRange(new Date(2026, 10, 25, 18))).toEqual({ from: '2026-11-19', to: '2026-11-25' });
  });

  it('includes both whole days in the local time zone', () => {
    const keep = inRange({ from: '2026-11-19', to: '2026-11-20' });
    const at = (d: Date) => ({ ...event, createdAt: d.toISOString() });
    expect(keep(at(new Date(2026, 10, 19, 0, 0, 0)))).toBe(true);
    expect(keep(at(new Date(2026, 10, 20, 23, 59, 59, 999)))).toBe(true);
    expect(keep(at(new Date(2026, 10, 18, 23, 59, 59, 999)))).toBe(false);
    expect(keep(at(new Date(2026, 10, 21, 0, 0, 0)))).toBe(false);
  });

  it('names the file after the webhook and the range', () => {
    expect(exportFileName(7, { from: '2026-11-19', to: '2026-11-25' }, 'json')).toBe('webhook-7-events-2026-11-19-to-2026-11-25.json');
  });
});
