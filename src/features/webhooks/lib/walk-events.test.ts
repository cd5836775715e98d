import { describe, expect, it, vi } from 'vitest';
import type { DeliveryEvent, ListEventsResponse } from '@/api/schemas/webhooks';
import { olderThan, walkEvents, type WalkProgress } from './walk-events';

const event = (id: number, createdAt = new Date(Date.UTC(2026, 10, 1) + id * 60_000).toISOString()): DeliveryEvent => ({
  id,
  eventId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  eventType: 'order.antiAi.completed',
  status: 'SENT',
  retries: 0,
  lastSentAt: createdAt,
  createdAt,
});

/** A listing of `total` events, newest (highest id) first, in pages of `limit`. */
function listing(total: number, limit = 100) {
  const all = Array.from({ length: total }, (_, i) => event(total - i));
  const fetchPage = vi.fn(async (page: number): Promise<ListEventsResponse> => ({
    events: all.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  }));
  return { all, fetchPage };
}

describe('walkEvents', () => {
  it('reads every page newest first and reports progress per page', async () => {
    const { all, fetchPage } = listing(250);
    const seen: WalkProgress[] = [];
    const result = await walkEvents({ fetchPage, signal: new AbortController().signal, onProgress: (p) => seen.push(p) });
    expect(fetchPage.mock.calls.map((c) => c[0])).toEqual([1, 2, 3]);
    expect(result.events.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(result.end).toBe('all');
    expect(seen.map((p) => [p.pagesDone, p.totalPages, p.events.length])).toEqual([
      [1, 3, 100],
      [2, 3, 200],
      [3, 3, 250],
    ]);
  });

  it('stops at the first page where the condition holds', async () => {
    const { fetchPage } = listing(1000);
    const result = await walkEvents({ fetchPage, signal: new AbortController().signal, stop: (events) => events.some((e) => e.id === 750) });
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(result).toMatchObject({ pagesDone: 3, totalPages: 10, end: 'stopped' });
  });

  it('stops once a page reaches before a date, since later pages are older still', async () => {
    const { all, fetchPage } = listing(500);
    const from = new Date(all[150]!.createdAt);
    const result = await walkEvents({ fetchPage, signal: new AbortController().signal, stop: olderThan(from) });
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(result.end).toBe('stopped');
  });

  it('keeps an event once when a new delivery shifts it onto the next page', async () => {
    const first = [event(5), event(4)];
    const second = [event(4), event(3)];
    const fetchPage = vi.fn(async (page: number) => ({ events: page === 1 ? first : second, pagination: { page, limit: 2, total: 4, totalPages: 2 } }));
    const result = await walkEvents({ fetchPage, signal: new AbortController().signal });
    expect(result.events.map((e) => e.id)).toEqual([5, 4, 3]);
  });

  it('reads nothing more once cancelled, and rejects with an AbortError', async () => {
    const { fetchPage } = listing(1000);
    const controller = new AbortController();
    const walk = walkEvents({ fetchPage, signal: controller.signal, onProgress: (p) => p.pagesDone === 2 && controller.abort() });
    await expect(walk).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('ends after one read for a webhook with no events', async () => {
    const { fetchPage } = listing(0);
    const result = await walkEvents({ fetchPage, signal: new AbortController().signal });
    expect(result).toMatchObject({ pagesDone: 1, totalPages: 0, events: [], end: 'all' });
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});
