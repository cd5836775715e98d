import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/testing/memory-storage';
import { createSentOrders, SENT_ORDERS_MAX } from './sent-orders';

describe('sent orders', () => {
  it('keeps what was sent per order', () => {
    const store = createSentOrders(memoryStorage());
    store.save('ord_1', { type: 'antiAi', files: [{ fileName: 'a.png' }], strength: 'low' });
    expect(store.load('ord_1')).toEqual({ type: 'antiAi', files: [{ fileName: 'a.png' }], strength: 'low' });
    expect(store.load('ord_2')).toBeNull();
  });

  it('keeps only the newest orders', () => {
    let now = 0;
    const store = createSentOrders(memoryStorage(), () => ++now);
    for (let i = 0; i < SENT_ORDERS_MAX + 5; i++) store.save(`ord_${i}`, { type: 'antiAi', files: [] });
    expect(store.load('ord_0')).toBeNull();
    expect(store.load(`ord_${SENT_ORDERS_MAX + 4}`)).not.toBeNull();
    expect(store.load('ord_5')).not.toBeNull();
  });

  it('ignores what it cannot read', () => {
    const raw = memoryStorage();
    raw.setItem('imprint.sent-orders', '{"ord_1": {"type": 3}}');
    expect(createSentOrders(raw).load('ord_1')).toBeNull();
    raw.setItem('imprint.sent-orders', 'not json');
    expect(createSentOrders(raw).load('ord_1')).toBeNull();
  });

  it('keeps the orders without their previews when the storage is full', () => {
    const raw = memoryStorage();
    const full = {
      ...raw,
      setItem: (k: string, v: string) => {
        if (v.includes('"before"')) throw new DOMException('full', 'QuotaExceededError');
        raw.setItem(k, v);
      },
    };
    const store = createSentOrders(full);
    store.save('ord_1', { type: 'antiAi', files: [{ fileName: 'a.png' }], before: 'data:image/jpeg;base64,AAAA' });
    expect(store.load('ord_1')).toEqual({ type: 'antiAi', files: [{ fileName: 'a.png' }] });
  });
});
