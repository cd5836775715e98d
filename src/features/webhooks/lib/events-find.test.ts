import { describe, expect, it } from 'vitest';
import type { Order } from '@/api/schemas/orders';
import { anOrder } from '@/testing/orders';
import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { inOrderWindow, matchesEventId, rankCandidates, matchesFilter, orderIdOfBody, orderWindow, parseFindQuery } from './events-find';

const UUID = '3F2A9C1E-5B7D-4E21-9A8C-0D1E2F3A4B5C';
const event = (overrides: Partial<DeliveryEvent>): DeliveryEvent => ({
  id: 1,
  eventId: UUID.toLowerCase(),
  eventType: 'order.antiAi.completed',
  status: 'SENT',
  retries: 0,
  lastSentAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
const order = (overrides: Partial<Order>): Order =>
  anOrder({ orderId: 'ord_abc', orderName: 'x', createdAt: '2026-11-20T09:59:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', completedAt: '2026-11-20T10:00:00.000Z', ...overrides });

describe('parseFindQuery', () => {
  it('reads a UUID as an event id, in any case and with spaces around', () => {
    expect(parseFindQuery(`  ${UUID} `)).toEqual({ kind: 'event', eventId: UUID.toLowerCase() });
    expect(matchesEventId(UUID.toLowerCase())(event({}))).toBe(true);
  });

  it('reads anything else as an order id, and nothing as no query', () => {
    expect(parseFindQuery(' ord_abc ')).toEqual({ kind: 'order', orderId: 'ord_abc', maybeShortEventId: false });
    expect(parseFindQuery('   ')).toBeNull();
  });

  it('recognises the shortened event id the table shows, and a bare start of one', () => {
    expect(parseFindQuery('78747084…')).toEqual({ kind: 'short', prefix: '78747084' });
    expect(parseFindQuery('78747084...')).toEqual({ kind: 'short', prefix: '78747084' });
    expect(parseFindQuery('3F2A9C1E-5B7D…')).toEqual({ kind: 'short', prefix: '3f2a9c1e-5b7d' });
    expect(parseFindQuery('78747084')).toEqual({ kind: 'order', orderId: '78747084', maybeShortEventId: true });
    expect(parseFindQuery('ord_7874…')).toMatchObject({ kind: 'order', maybeShortEventId: false });
  });
});

describe('orderWindow', () => {
  it('takes the completed type and 5 s around the finish of a completed order', () => {
    const inWindow = inOrderWindow(orderWindow(order({}))!);
    expect(inWindow(event({ createdAt: '2026-11-20T10:00:04.000Z' }))).toBe(true);
    expect(inWindow(event({ createdAt: '2026-11-20T10:00:06.000Z' }))).toBe(false);
    expect(inWindow(event({ eventType: 'order.antiAi.failed' }))).toBe(false);
    expect(inWindow(event({ eventType: 'order.watermarkEmbed.completed' }))).toBe(false);
  });

  it('takes the failed type between creation and last change of a failed order', () => {
    const inWindow = inOrderWindow(orderWindow(order({ status: 'failed', completedAt: null }))!);
    expect(inWindow(event({ eventType: 'order.antiAi.failed', createdAt: '2026-11-20T09:59:30.000Z' }))).toBe(true);
    expect(inWindow(event({ eventType: 'order.antiAi.failed', createdAt: '2026-11-20T09:58:59.000Z' }))).toBe(false);
  });

  it('has no window for an order still running', () => {
    expect(orderWindow(order({ status: 'inProgress', completedAt: null }))).toBeNull();
  });
});

describe('orderIdOfBody', () => {
  it('reads data.orderId of a delivery body and nothing from other text', () => {
    expect(orderIdOfBody('{"eventType":"x","data":{"orderId":"ord_1"}}')).toBe('ord_1');
    expect(orderIdOfBody('{"data":{}}')).toBeNull();
    expect(orderIdOfBody('not json')).toBeNull();
  });
});

describe('matchesFilter', () => {
  it('keeps events with the status and the type asked for', () => {
    const failed = event({ status: 'FAILED' });
    const failedEmbed = event({ status: 'FAILED', eventType: 'order.watermarkEmbed.completed' });
    const sent = event({});
    const events = [failed, failedEmbed, sent];
    expect(events.filter(matchesFilter({ status: 'FAILED' }))).toEqual([failed, failedEmbed]);
    expect(events.filter(matchesFilter({ status: 'FAILED', type: 'order.watermarkEmbed.completed' }))).toEqual([failedEmbed]);
    expect(events.filter(matchesFilter({}))).toEqual(events);
  });
});

describe('rankCandidates', () => {
  it('keeps the events the order can have made, closest to its finish first, with the offset', () => {
    const window = orderWindow(order({}))!;
    const at = (id: number, offsetMs: number, type: DeliveryEvent['eventType'] = 'order.antiAi.completed') =>
      event({ id, eventType: type, createdAt: new Date(Date.parse('2026-11-20T10:00:00.000Z') + offsetMs).toISOString() });
    const ranked = rankCandidates([at(1, 3000), at(2, -400), at(3, 120), at(4, 100, 'order.antiAi.failed'), at(5, 9000), at(6, -120)], window);
    expect(ranked.map((c) => [c.event.id, c.offsetMs])).toEqual([
      [6, -120],
      [3, 120],
      [2, -400],
      [1, 3000],
    ]);
  });
});
