import { describe, expect, it } from 'vitest';
import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { eventsView } from './events-view';

const event = (id: number, status: DeliveryEvent['status'] = 'SENT'): DeliveryEvent => ({
  id,
  eventId: `evt-${id}`,
  eventType: 'order.antiAi.completed',
  status,
  retries: 0,
  lastSentAt: null,
  createdAt: new Date(Date.UTC(2026, 10, 1, 0, id)).toISOString(),
});
const list = (n: number, failedEvery = 0) => Array.from({ length: n }, (_, i) => event(n - i, failedEvery && i % failedEvery === 0 ? 'FAILED' : 'SENT'));

describe('eventsView', () => {
  it('pages the loaded events and says filters search all of them when all are loaded', () => {
    const view = eventsView(list(45), 45, { page: 3, limit: 20 });
    expect(view.rows).toHaveLength(5);
    expect(view.totalPages).toBe(3);
    expect(view.count).toBe('45 events');
    expect(view.filterScope).toBe('Filters search all 45 events.');
  });

  it('asks the service for a page beyond the loaded events', () => {
    const view = eventsView(list(100), 250, { page: 6, limit: 20 });
    expect(view.rows).toBeNull();
    expect(view.totalPages).toBe(13);
    expect(view.complete).toBe(false);
    expect(view.filterScope).toBe('Filters search the newest 100 of 250 events.');
  });

  it('filters the loaded events and says what was filtered, with singular and plural', () => {
    const view = eventsView(list(100, 10), 250, { page: 1, limit: 20, status: 'FAILED' });
    expect(view.rows).toHaveLength(10);
    expect(view.count).toBe('10 matching events');
    expect(view.filterScope).toBe('10 events have status FAILED, among the newest 100 of 250 events.');
    const one = eventsView([event(1, 'FAILED')], 1, { page: 1, limit: 20, status: 'FAILED', type: 'order.antiAi.completed' });
    expect(one.filterScope).toBe('1 event has status FAILED and type order.antiAi.completed, among the only event.');
    expect(one.count).toBe('1 matching event');
  });

  it('scope words: the only event', () => {
    expect(eventsView([event(1)], 1, { page: 1, limit: 20 }).filterScope).toBe('Filters search the only event.');
    expect(eventsView(list(3), 3, { page: 1, limit: 20, status: 'FAILED' }).filterScope).toBe('0 events have status FAILED, among all 3 events.');
    expect(eventsView(list(3), 3, { page: 1, limit: 20, type: 'order.antiAi.completed' }).filterScope).toBe(
      '3 events have type order.antiAi.completed, among all 3 events.',
    );
  });
});
