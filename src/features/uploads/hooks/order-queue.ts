import { isWorthRetrying } from '@/api/api-error';
import { confirmAntiAiOrder, refreshUploadUrlsDated } from '@/api/orders';
import { withSameKey } from '../lib/idempotent-submission';
import { UploadEngine, xhrTransport, type UploadItem } from '../upload-engine';
import type { ConfirmState } from './use-batch-submission';
import { refreshOrders } from './use-batch-submission';

export interface QueuedOrder {
  orderId: string;
  confirmKey: string;
  items: UploadItem[];
  /** Uploads the service still waits for beyond `items`: the order is confirmed only when there are none. */
  missingBeyond: number;
}

/**
 * Several orders' files through one engine (one queue, 4 PUTs at a time across orders), each order confirmed
 * with its own key as soon as its own files are up; an order with nothing left to send is confirmed at once.
 * The batch page's resume uses it; the new-order form's batch has the same loop around its creation.
 */
export async function runOrderQueue(
  orders: readonly QueuedOrder[],
  hooks: { onEngine: (engine: UploadEngine) => void; onConfirm: (index: number, state: ConfirmState) => void },
): Promise<ConfirmState[]> {
  const states = orders.map((): ConfirmState => 'waiting');
  const orderOfKey = new Map<string, number>();
  orders.forEach((o, i) => o.items.forEach((item) => orderOfKey.set(item.fileKey, i)));
  const engine = new UploadEngine(
    orders.flatMap((o) => o.items),
    {
      transport: xhrTransport,
      refreshUrls: () => {
        const open = new Set<number>();
        for (const f of engine.snapshot().files) if (f.state.kind !== 'done') open.add(orderOfKey.get(f.id)!);
        return refreshOrders(
          [...open].sort((a, b) => a - b).map((i) => orders[i]!.orderId),
          refreshUploadUrlsDated,
        );
      },
    },
  );
  const confirms: Promise<void>[] = [];
  const confirm = (i: number) => {
    const order = orders[i]!;
    states[i] = 'confirming';
    hooks.onConfirm(i, 'confirming');
    confirms.push(
      withSameKey(order.confirmKey, (key) => confirmAntiAiOrder({ orderId: order.orderId, idempotencyKey: key }), { isRetryable: isWorthRetrying }).then(
        () => {
          states[i] = 'confirmed';
          hooks.onConfirm(i, 'confirmed');
        },
        () => {
          states[i] = 'failed';
          hooks.onConfirm(i, 'failed');
        },
      ),
    );
  };
  const confirmReady = (done: ReadonlySet<string>) => {
    orders.forEach((o, i) => {
      if (states[i] === 'waiting' && o.missingBeyond === 0 && o.items.every((item) => done.has(item.fileKey))) confirm(i);
    });
  };
  const doneOf = () => new Set(engine.snapshot().files.filter((f) => f.state.kind === 'done').map((f) => f.id));
  hooks.onEngine(engine);
  confirmReady(new Set());
  const unsubscribe = engine.subscribe(() => confirmReady(doneOf()));
  await engine.start();
  unsubscribe();
  // A last look: the final snapshot may have been sent before the subscription saw it.
  confirmReady(doneOf());
  await Promise.all(confirms);
  return states;
}
