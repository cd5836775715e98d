import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Order } from '@/api/schemas/orders';
import { emptyMeta, fromCopied, indexedDbStore, toCopied } from './copy-store';

const order = (i: number, status: Order['status'] = 'complete'): Order => ({
  orderId: `ord_${String(i).padStart(20, '0')}`,
  orderName: `Catalogue batch ${i}`,
  type: 'watermarkEmbed',
  channel: 'api',
  status,
  fileCount: 3,
  thumbnailImageUrl: 'https://example.com/thumb.jpg',
  createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000 + 5_000).toISOString(),
  errors: null,
  watermarks: ['owner'],
  watermarkText: null,
  completedAt: status === 'complete' ? new Date(Date.UTC(2026, 0, 1) + i * 60_000 + 5_000).toISOString() : null,
});

describe('the IndexedDB copy', () => {
  it('keeps orders by creation time with their meta, prunes the oldest past its bound, and clears', async () => {
    const store = indexedDbStore();
    await store.clear();
    const meta = emptyMeta('user:1');
    await store.put(Array.from({ length: 50 }, (_, i) => toCopied(order(i), true)), meta);
    expect(await store.meta()).toEqual(meta);
    expect(await store.countFrom(Date.UTC(2026, 0, 1) + 40 * 60_000)).toBe(10);
    const recent = await store.readFrom(Date.UTC(2026, 0, 1) + 45 * 60_000);
    expect(recent.map((o) => o.orderName)).toEqual([45, 46, 47, 48, 49].map((i) => `Catalogue batch ${i}`));
    expect(fromCopied(recent[0]!)).toMatchObject({ ...order(45), thumbnailImageUrl: null, watermarks: null });

    expect(await store.prune(40)).toBe(Date.UTC(2026, 0, 1) + 10 * 60_000);
    expect(await store.countFrom(0)).toBe(40);
    await store.clear();
    expect(await store.meta()).toBeNull();
    expect(await store.countFrom(0)).toBe(0);
    store.close();
  });

  it('stores about 300 bytes an order: the written bound (docs/decisions/history-cache.md)', () => {
    const bytes = JSON.stringify(toCopied(order(123_456), true)).length;
    expect(bytes).toBeLessThan(350);
  });
});
