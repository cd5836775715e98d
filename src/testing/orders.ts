import type { Order } from '@/api/schemas/orders';

let next = 0;

/** An order as the list returns it: a finished one-file anti-AI order from the web, unless `overrides` say otherwise. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    orderId: `ord_${++next}`,
    orderName: 'o',
    type: 'antiAi',
    channel: 'web',
    status: 'complete',
    fileCount: 1,
    thumbnailImageUrl: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:30.000Z',
    errors: null,
    watermarks: null,
    watermarkText: null,
    completedAt: '2026-11-20T10:00:30.000Z',
    ...overrides,
  };
}
