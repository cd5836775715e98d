import { LIST_LIMIT_MAX } from '@/api/limits';
import { listOrders } from '@/api/orders';
import type { Order } from '@/api/schemas/orders';
import type { OrderListParams } from './list-params';
import type { CopiedOrder } from './history/copy-store';

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

/** Does an order match the list's filters (the service's rules, applied to the local copy)? */
export function matchesWalkFilter(order: CopiedOrder, filter: OrdersWalkFilter): boolean {
  if (filter.status !== 'all' && order.status !== filter.status) return false;
  if (filter.type !== 'all' && order.type !== filter.type) return false;
  if (filter.channel !== 'all' && order.channel !== filter.channel) return false;
  if (filter.createdFrom !== undefined && order.created < filter.createdFrom) return false;
  const keyword = filter.keyword.trim().toLocaleLowerCase();
  return !keyword || order.orderName.toLocaleLowerCase().includes(keyword) || order.orderId.toLocaleLowerCase().includes(keyword);
}
