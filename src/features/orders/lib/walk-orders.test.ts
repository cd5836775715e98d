import { describe, expect, it, vi } from 'vitest';
import type { listOrders } from '@/api/orders';
import type { Order } from '@/api/schemas/orders';
import { walkOrders, type WalkProgress } from './walk-orders';

const order = (id: number, createdAt = '2026-11-20T10:00:00.000Z'): Order => ({
  orderId: `order-${id}`,
  orderName: `Order ${id}`,
  type: 'antiAi',
  channel: 'web',
  status: 'complete',
  fileCount: 1,
  thumbnailImageUrl: null,
  createdAt,
  updatedAt: createdAt,
  errors: null,
  watermarks: null,
  watermarkText: null,
  completedAt: createdAt,
});

type ListQuery = Parameters<typeof listOrders>[0];

/** A list endpoint over `all` (newest first), paged like the service. */
function pager(all: Order[]) {
  return async (query: ListQuery) => {
    const page = query.page ?? 1;
    const limit = query.limit ?? 10;
    return {
      orders: all.slice((page - 1) * limit, page * limit),
      pageInfo: { totalItems: all.length, totalPages: Math.ceil(all.length / limit), currentPage: page, itemsPerPage: limit },
    };
  };
}
const fakeList = (all: Order[]) => vi.fn(pager(all)) as unknown as typeof listOrders;

const filter = { keyword: '', status: 'all', type: 'all', channel: 'all' } as const;

describe('walkOrders', () => {
  it('reads every page in turn with the filters and reports progress after each', async () => {
    const all = Array.from({ length: 250 }, (_, i) => order(i));
    const list = fakeList(all);
    const progress: WalkProgress[] = [];
    const result = await walkOrders({ ...filter, status: 'failed', keyword: 'ban' }, { list, onProgress: (p) => progress.push(p) });
    expect(result.orders.map((o) => o.orderId)).toEqual(all.map((o) => o.orderId));
    expect(result.complete).toBe(true);
    expect(vi.mocked(list).mock.calls.map(([query]) => query)).toEqual(
      [1, 2, 3].map((page) => ({ status: 'failed', type: 'all', channel: 'all', keyword: 'ban', page, limit: 100 })),
    );
    expect(progress).toEqual([
      { pagesDone: 1, totalPages: 3, orders: 100 },
      { pagesDone: 2, totalPages: 3, orders: 200 },
      { pagesDone: 3, totalPages: 3, orders: 250 },
    ]);
  });

  it('keeps an order once when a new order pushes it onto the next page', async () => {
    const all = Array.from({ length: 150 }, (_, i) => order(i));
    const list = fakeList(all);
    const real = pager(all);
    vi.mocked(list).mockImplementation(async (query) => {
      // An order arrives after the first page: everything shifts down by one.
      if (query.page === 2) all.unshift(order(999));
      return real(query);
    });
    const result = await walkOrders(filter, { list });
    expect(result.orders).toHaveLength(150);
    expect(new Set(result.orders.map((o) => o.orderId)).size).toBe(150);
  });

  it('stops at the first page that reaches orders older than createdFrom', async () => {
    const all = Array.from({ length: 500 }, (_, i) => order(i, new Date(Date.parse('2026-11-25T00:00:00Z') - i * 3600_000).toISOString()));
    const list = fakeList(all);
    const createdFrom = Date.parse('2026-11-25T00:00:00Z') - 149.5 * 3600_000;
    const result = await walkOrders({ ...filter, createdFrom }, { list });
    expect(result.orders).toHaveLength(150);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('stops when cancelled: the request in flight gets the signal and no further page is asked for', async () => {
    const all = Array.from({ length: 300 }, (_, i) => order(i));
    const list = fakeList(all);
    const controller = new AbortController();
    const real = pager(all);
    let signalSeen: AbortSignal | undefined;
    vi.mocked(list).mockImplementation(async (query, options) => {
      signalSeen = options?.signal;
      const answer = await real(query);
      if (query.page === 2) controller.abort();
      return answer;
    });
    await expect(walkOrders(filter, { list, signal: controller.signal })).rejects.toThrow();
    expect(signalSeen).toBe(controller.signal);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('ends on an empty list', async () => {
    const list = fakeList([]);
    expect(await walkOrders(filter, { list })).toEqual({ orders: [], complete: true });
  });
});
