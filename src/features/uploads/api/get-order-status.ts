import { api } from '@/api/client';
import { order } from '@/api/schemas/orders';

/** One read of an order, to follow an order this feature created (e.g. a verify run's extract order). */
export function getOrderStatus(orderId: string, signal?: AbortSignal) {
  return api({ path: `/orders/${encodeURIComponent(orderId)}`, schema: order, signal });
}
