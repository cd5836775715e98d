import { describe, expect, it } from 'vitest';
import type { Order } from '@/api/schemas/orders';
import { memoryStore, type CopyStore } from './copy-store';
import { HistorySync, WalkPausedError, type ListPage } from './history-sync';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-26T12:00:00Z');

function order(i: number, createdAt: number, status: Order['status'] = 'complete'): Order {
  return {
    orderId: `o${i}`,
    orderName: `Order ${i}`,
    type: 'antiAi',
    channel: 'api',
    status,
    fileCount: 1,
    thumbnailImageUrl: null,
    createdAt: new Date(createdAt).toISOString(),
    updatedAt: new Date(createdAt).toISOString(),
    errors: null,
    watermarks: null,
    watermarkText: null,
    completedAt: status === 'complete' ? new Date(createdAt + 1000).toISOString() : null,
  };
}

/** A service holding `count` orders, one every `spacing` ms back from NOW, newest first, pages of 100; it counts reads. */
function service(count: number, spacing = DAY / 10) {
  const orders: Order[] = Array.from({ length: count }, (_, i) => order(count - i, NOW - i * spacing));
  const calls = { list: [] as number[], detail: [] as string[] };
  let next = count + 1;
  return {
    orders,
    calls,
    add(status: Order['status'] = 'complete', at = NOW) {
      const created = order(next++, at, status);
      orders.unshift(created);
      return created;
    },
    list: async (page: number): Promise<ListPage> => {
      calls.list.push(page);
      return { orders: orders.slice((page - 1) * 100, page * 100), pageInfo: { totalPages: Math.ceil(orders.length / 100) } };
    },
    getOrder: async (id: string) => {
      calls.detail.push(id);
      return orders.find((o) => o.orderId === id)!;
    },
  };
}

function sync(fake: ReturnType<typeof service>, { store = memoryStore(), account = 'user:1', now = () => NOW } = {}) {
  let clock = now;
  const instance = new HistorySync({
    store,
    pacer: { next: async () => {}, estimateMs: () => 0, budget: () => 150 },
    list: (page) => fake.list(page),
    getOrder: (id) => fake.getOrder(id),
    account: () => account,
    now: () => clock(),
  });
  return { instance, store, setNow: (fn: () => number) => (clock = fn) };
}

describe('HistorySync', () => {
  it('walks back to the date asked for once, then a revisit reads one page', async () => {
    const fake = service(3_000); // 10 a day: 300 days
    const { instance, setNow } = sync(fake);
    await instance.ensure(NOW - 30 * DAY);
    // 300 orders in 30 days: page 4 passes the date; then page 1 again for the orders created while walking.
    expect(fake.calls.list).toEqual([1, 2, 3, 4, 1]);
    expect((await instance.read(NOW - 30 * DAY)).orders).toHaveLength(301);
    fake.calls.list.length = 0;
    setNow(() => NOW + 10_000);
    await instance.ensure(NOW - 30 * DAY);
    expect(fake.calls.list).toEqual([1]);
  });

  it('stops the refresh at the first page with nothing new; an order added by its own page costs no extra page', async () => {
    const fake = service(2_000);
    const { instance, setNow } = sync(fake);
    await instance.ensure(0);
    let t = NOW;
    setNow(() => (t += 10_000));
    // 150 new orders: pages 1 and 2 hold news, page 3 nothing new.
    for (let i = 0; i < 150; i++) fake.add('complete', NOW + 1000 + i);
    fake.calls.list.length = 0;
    await instance.ensure(0);
    expect(fake.calls.list).toEqual([1, 2, 3]);
    expect((await instance.read(0)).orders).toHaveLength(2_150);

    // One more order finishes, seen on its own page: it joins the copy; the revisit reads page 1 only and shows it.
    const finished = fake.add('complete', NOW + 5_000);
    await instance.addFinished(finished);
    fake.calls.list.length = 0;
    await instance.ensure(0);
    expect(fake.calls.list).toEqual([1]);
    expect((await instance.read(0)).orders[0]!.orderId).toBe(finished.orderId);

    // One the dashboard did not follow costs a second page.
    fake.add('failed', NOW + 6_000);
    fake.calls.list.length = 0;
    await instance.ensure(0);
    expect(fake.calls.list).toEqual([1, 2]);
  });

  it('reads an unfinished order again until it is final, and expires an old one without a read', async () => {
    const fake = service(3_000, DAY / 100);
    fake.orders[2500] = { ...fake.orders[2500]!, status: 'inProgress', completedAt: null }; // 25 days old: past its lifetime
    fake.orders[300] = { ...fake.orders[300]!, status: 'inProgress', completedAt: null }; // 3 days old, on page 4
    const { instance, setNow } = sync(fake);
    await instance.ensure(0);
    // A quiet first page: the order on it is read again by its detail, the one past its lifetime is expired locally.
    setNow(() => NOW + 10_000);
    fake.calls.detail.length = 0;
    await instance.ensure(0);
    expect(fake.calls.detail).toEqual([fake.orders[300]!.orderId]);
    let copied = (await instance.read(0)).orders;
    expect(copied.find((o) => o.orderId === fake.orders[2500]!.orderId)?.status).toBe('expired');
    expect(copied.find((o) => o.orderId === fake.orders[300]!.orderId)?.status).toBe('inProgress');

    fake.orders[300] = { ...fake.orders[300]!, status: 'complete', updatedAt: new Date(NOW).toISOString(), completedAt: new Date(NOW).toISOString() };
    setNow(() => NOW + 20_000);
    await instance.ensure(0);
    copied = (await instance.read(0)).orders;
    expect(copied.find((o) => o.orderId === fake.orders[300]!.orderId)?.status).toBe('complete');
  });

  it('pauses, stays paused after a reload, and resumes from its page, not from page 1', async () => {
    const fake = service(1_000);
    const store = memoryStore();
    const first = sync(fake, { store }).instance;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const list = fake.list;
    let pages = 0;
    fake.list = async (page) => {
      if (++pages === 4) void first.pause().then(release);
      return list(page);
    };
    await expect(first.ensure(0)).rejects.toBeInstanceOf(WalkPausedError);
    await gate;
    expect(first.getState().phase).toBe('paused');

    // A reload: a new instance on the same store.
    fake.list = list;
    fake.calls.list.length = 0;
    const second = sync(fake, { store }).instance;
    await expect(second.ensure(0)).rejects.toBeInstanceOf(WalkPausedError);
    const done = second.getState().progress!.pagesDone;
    expect(second.getState().phase).toBe('paused');
    expect(done).toBeGreaterThanOrEqual(3);
    expect(fake.calls.list).toEqual([]);
    await second.resume();
    await second.ensure(0);
    // A refresh of page 1, then on from the page after the last one read to the last (10), then the closing refresh.
    expect(fake.calls.list).toEqual([1, ...Array.from({ length: 10 - done }, (_, i) => done + 1 + i), 1]);
    expect((await second.read(0)).orders).toHaveLength(1_000);
  });

  it('reads on from where the copy ends when a longer period is asked for', async () => {
    const fake = service(3_000);
    const { instance, setNow } = sync(fake);
    await instance.ensure(NOW - 30 * DAY);
    fake.calls.list.length = 0;
    setNow(() => NOW + 10_000);
    await instance.ensure(NOW - 90 * DAY);
    // The refresh (page 1), then from page 4 (the copy holds 300 orders of the 30 days) to page 10, then a refresh.
    expect(fake.calls.list).toEqual([1, 4, 5, 6, 7, 8, 9, 10, 1]);
  });

  it('starts again for another account, and clear() empties the copy', async () => {
    const fake = service(300);
    const store: CopyStore = memoryStore();
    await sync(fake, { store, account: 'user:1' }).instance.ensure(0);
    fake.calls.list.length = 0;
    const other = sync(fake, { store, account: 'user:2' }).instance;
    expect((await other.read(0)).orders).toHaveLength(0);
    await other.ensure(0);
    expect(fake.calls.list).toEqual([1, 2, 3, 1]);
    await other.clear();
    expect(await store.meta()).toBeNull();
    expect(await store.countFrom(0)).toBe(0);
  });
});

describe('HistorySync with readers of different dates', () => {
  it('answers the month\'s reader as soon as the pages reach its date, before a 12-month walk ends', async () => {
    const fake = service(3_000); // 10 a day
    const { instance } = sync(fake);
    const answered: string[] = [];
    const year = instance.ensure(NOW - 365 * DAY).then(() => answered.push('year'));
    const month = instance.ensure(NOW - 20 * DAY).then(() => answered.push('month'));
    await Promise.all([year, month]);
    expect(answered).toEqual(['month', 'year']);
    // One walk for both: every page once (and the refresh after it).
    expect(fake.calls.list).toEqual([...Array.from({ length: 30 }, (_, i) => i + 1), 1]);
  });
});
