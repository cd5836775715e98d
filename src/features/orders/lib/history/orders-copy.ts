import { LIST_LIMIT_MAX } from '@/api/limits';
import { getOrder, listOrders } from '@/api/orders';
import { rateLimitReading, recentRequests } from '@/api/rate-limit';
import { indexedDbStore, memoryStore } from './copy-store';
import { HistorySync } from './history-sync';
import { copyConfig as config } from './orders-copy-config';
import { sleep } from '@/lib/sleep';
import { createPacer } from './pacer';

/*
 * The app's one copy of the signed-in account's orders. The app tells it who is signed in and on which plan
 * (configureOrdersCopy in orders-copy-config.ts, from app/api-wiring.ts); it is cleared on sign-out.
 */

let instance: HistorySync | null = null;

export function ordersCopy(): HistorySync {
  instance ??= new HistorySync({
    store: typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore(),
    pacer: createPacer({ now: Date.now, sleep, reading: rateLimitReading, planLimit: () => config.planLimit(), sent: () => recentRequests() }),
    list: (page, signal) => listOrders({ page, limit: LIST_LIMIT_MAX, status: 'all', type: 'all', channel: 'all' }, { signal }),
    getOrder: (orderId, signal) => getOrder(orderId, signal),
    account: () => config.account(),
    now: Date.now,
  });
  return instance;
}

/** Sign-out: the copy goes with the session. */
export function clearOrdersCopy(): Promise<void> {
  return ordersCopy().clear();
}
