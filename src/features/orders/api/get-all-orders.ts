import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { LIST_LIMIT_MAX } from '@/api/limits';
import { listOrders } from '@/api/orders';
import type { Order } from '@/api/schemas/orders';
import { orderKeys } from '@/lib/query-keys';
import type { OrderListParams } from '../lib/list-params';

/** The list's filters, without paging; `createdFrom` (ms) stops the reading at the first older order. */
export interface OrdersWalkFilter {
  keyword: string;
  status: OrderListParams['status'];
  type: OrderListParams['type'];
  channel: OrderListParams['channel'];
  createdFrom?: number;
}

export interface WalkProgress {
  pagesDone: number;
  /** The list's page count as of the last page read (an upper bound when `createdFrom` stops the reading early). */
  totalPages: number;
  /** Orders read so far. */
  orders: number;
}

export interface OrdersWalk {
  orders: Order[];
  /** False when the page cap stopped the reading: the orders are then the newest ones only. */
  complete: boolean;
}

/** 1,000 pages of 100: past 100,000 orders an export or a history in a browser tab is the wrong tool. */
export const WALK_MAX_PAGES = 1_000;

type ListFn = typeof listOrders;

/**
 * Reads every order matching `filter`, newest first, one page of 100 after another (one request at a time: the
 * service has a per-minute rate limit, and pages in turn let `createdFrom` stop early). An order created while
 * reading pushes the later pages down by one, so the order at a page's edge can come twice: it is kept once.
 * The signal cancels the request in flight and the pages after it.
 */
export async function walkOrders(
  filter: OrdersWalkFilter,
  { signal, onProgress, list = listOrders }: { signal?: AbortSignal; onProgress?: (progress: WalkProgress) => void; list?: ListFn } = {},
): Promise<OrdersWalk> {
  const seen = new Set<string>();
  const orders: Order[] = [];
  const { createdFrom, keyword, ...filters } = filter;
  for (let page = 1; page <= WALK_MAX_PAGES; page++) {
    signal?.throwIfAborted();
    const answer = await list({ ...filters, keyword: keyword || undefined, page, limit: LIST_LIMIT_MAX }, { signal });
    let passed = false;
    for (const order of answer.orders) {
      if (createdFrom !== undefined && Date.parse(order.createdAt) < createdFrom) {
        passed = true;
        continue;
      }
      if (seen.has(order.orderId)) continue;
      seen.add(order.orderId);
      orders.push(order);
    }
    onProgress?.({ pagesDone: page, totalPages: Math.min(Math.max(answer.pageInfo.totalPages, page), WALK_MAX_PAGES), orders: orders.length });
    if (passed || answer.orders.length === 0 || page >= answer.pageInfo.totalPages) return { orders, complete: true };
  }
  return { orders, complete: false };
}

/**
 * Cached like any list read: a second visit (or a second export of the same filters) within a few minutes is
 * served from the cache at once. Under `orderKeys.lists()`, so a new or finished order refreshes it.
 */
export function allOrdersQuery(filter: OrdersWalkFilter, onProgress?: (progress: WalkProgress) => void) {
  // onProgress only reports; the answer depends on the filter alone.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: orderKeys.walk(filter),
    queryFn: ({ signal }) => walkOrders(filter, { signal, onProgress }),
    staleTime: 60_000,
    gcTime: 10 * 60_000,
  });
}

/** A walk's progress, remembered per filter so a new filter never shows the last one's pages. */
function useWalkProgress(filter: OrdersWalkFilter) {
  const key = JSON.stringify(filter);
  const [state, setState] = useState<{ key: string; progress: WalkProgress } | null>(null);
  const report = useCallback((progress: WalkProgress) => setState({ key, progress }), [key]);
  return [state?.key === key ? state.progress : null, report] as const;
}

/**
 * Every order matching `filter`, for views that need them all (the usage history). `cancel` stops the reading;
 * the query then stays idle (enabled: false through `stopped`) until `restart`. `enabled: false` holds the reading back
 * (the history waits until its card is near the screen).
 */
export function useAllOrders(filter: OrdersWalkFilter, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const [progress, report] = useWalkProgress(filter);
  const key = JSON.stringify(filter);
  const [stoppedKey, setStoppedKey] = useState<string | null>(null);
  const stopped = stoppedKey === key;
  const options = allOrdersQuery(filter, report);
  const query = useQuery({ ...options, enabled: enabled && !stopped });
  const cancel = useCallback(() => {
    setStoppedKey(key);
    void queryClient.cancelQueries({ queryKey: options.queryKey });
  }, [queryClient, key, options.queryKey]);
  const restart = useCallback(() => setStoppedKey(null), []);
  return { query, progress, stopped, cancel, restart };
}

/**
 * The same reading on demand (the orders export): resolves with every order, or rejects when `signal` aborts.
 * A cached, fresh answer is returned without a request.
 */
export function useFetchAllOrders() {
  const queryClient = useQueryClient();
  return useCallback(
    async (filter: OrdersWalkFilter, { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: WalkProgress) => void }) => {
      const options = allOrdersQuery(filter, onProgress);
      const cancel = () => void queryClient.cancelQueries({ queryKey: options.queryKey });
      signal.addEventListener('abort', cancel, { once: true });
      try {
        const result = await queryClient.fetchQuery(options);
        signal.throwIfAborted();
        return result;
      } finally {
        signal.removeEventListener('abort', cancel);
      }
    },
    [queryClient],
  );
}
