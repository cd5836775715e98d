import type { Order } from '@/api/schemas/orders';
import { fromCopied } from './copy-store';
import { WalkPausedError } from './history-sync';
import { ordersCopy } from './orders-copy';

export interface OrdersSince {
  orders: Order[];
  /** False when the copy was cut short by its page cap before `since`: figures are then lower bounds. */
  complete: boolean;
}

/**
 * Every order created at or after `since` (ms), newest first, from the local copy of the account's orders
 * (orders-copy.ts), made current first: a page or so once the copy reaches back to `since`, the pages
 * up to it (paced to half the plan's rate limit) the first time.
 */
export async function getOrdersSince(since: number, signal?: AbortSignal): Promise<OrdersSince> {
  const copy = ordersCopy();
  let paused = false;
  try {
    await copy.ensure(since, signal);
  } catch (error) {
    // The user paused the walk before it reached `since`: the figures are then lower bounds, not an error.
    if (!(error instanceof WalkPausedError)) throw error;
    paused = true;
  }
  const { orders, complete } = await copy.read(since);
  return { orders: orders.map((order) => fromCopied(order)), complete: complete && !paused };
}
