import { useCallback } from 'react';
import { fromCopied } from '../lib/history/copy-store';
import { ordersCopy } from '../lib/history/orders-copy';
import { matchesWalkFilter, type OrdersWalk, type OrdersWalkFilter, type WalkProgress } from '../lib/walk-orders';

/**
 * The orders of a filter on demand (the orders export), from the same copy: right after a history view that costs
 * a page at most. Asking for an export resumes a paused walk (the user asked for the orders). Rejects when `signal` aborts.
 */
export function useFetchAllOrders() {
  return useCallback(async (filter: OrdersWalkFilter, { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: WalkProgress) => void }): Promise<OrdersWalk> => {
    const copy = ordersCopy();
    const from = filter.createdFrom ?? 0;
    const unsubscribe = copy.subscribe(() => {
      const progress = copy.getState().progress;
      if (progress) onProgress(progress);
    });
    try {
      if (copy.getState().phase === 'paused') await copy.resume();
      await copy.ensure(from, signal);
      const { orders, complete } = await copy.read(from);
      signal.throwIfAborted();
      const now = Date.now();
      const shown = orders.map((order) => fromCopied(order, now));
      return { orders: shown.filter((order, i) => matchesWalkFilter({ ...orders[i]!, status: order.status }, filter)), complete };
    } finally {
      unsubscribe();
    }
  }, []);
}
