import { refreshUploadUrlsDated } from '@/api/orders';
import { confirmOrder } from '../submission/submit-steps';
import { UploadEngine, type IssuedUpload, type RefreshAnswer, type UploadItem, type UploadTransport } from '../upload-engine';

export type ConfirmState = 'waiting' | 'confirming' | 'confirmed' | 'failed';

export interface QueuedOrder {
  orderId: string;
  /** Anti-AI: confirmed with this key once its files are up. Without one (embed), its last file up is the end. */
  confirmKey?: string;
  items: UploadItem[];
  /** Uploads the service still waits for beyond `items`: the order is confirmed only when there are none. */
  missingBeyond: number;
}

/**
 * Several refresh-urls calls as one for the shared queue: every order that still has files to send is
 * asked, one after the other (never a storm). The first answer's Date is kept: it was written closest to
 * when the engine sent its request, so it bounds the clock skew most tightly.
 */
export async function refreshOrders(orderIds: readonly string[], refresh: (orderId: string) => Promise<RefreshAnswer>): Promise<RefreshAnswer> {
  const files: IssuedUpload[] = [];
  let serverDate: number | null = null;
  for (const orderId of orderIds) {
    const answer = await refresh(orderId);
    files.push(...answer.files);
    serverDate ??= answer.serverDate;
  }
  return { files, serverDate };
}

/**
 * Several orders' files through one engine (one queue, 4 PUTs at a time across orders), each order confirmed
 * (`confirmOrder`, with its own key) as soon as its own files are up; an order with nothing left to send is
 * confirmed at once. The new-order form's batch (`useBatchSubmission`, after creating its orders) and the batch
 * page's resume use it.
 */
export async function runOrderQueue(
  orders: readonly QueuedOrder[],
  options: {
    transport: UploadTransport;
    onEngine: (engine: UploadEngine) => void;
    onConfirm: (index: number, state: ConfirmState) => void;
  },
): Promise<ConfirmState[]> {
  const states = orders.map((): ConfirmState => 'waiting');
  const orderOfKey = new Map<string, number>();
  orders.forEach((o, i) => o.items.forEach((item) => orderOfKey.set(item.fileKey, i)));
  const engine = new UploadEngine(
    orders.flatMap((o) => o.items),
    {
      transport: options.transport,
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
    const { orderId, confirmKey } = orders[i]!;
    states[i] = 'confirming';
    options.onConfirm(i, 'confirming');
    confirms.push(
      (confirmKey === undefined ? Promise.resolve() : confirmOrder(orderId, confirmKey)).then(
        () => {
          states[i] = 'confirmed';
          options.onConfirm(i, 'confirmed');
        },
        () => {
          states[i] = 'failed';
          options.onConfirm(i, 'failed');
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
  options.onEngine(engine);
  confirmReady(new Set());
  const unsubscribe = engine.subscribe(() => confirmReady(doneOf()));
  await engine.start();
  unsubscribe();
  // A last look: the final snapshot may have been sent before the subscription saw it.
  confirmReady(doneOf());
  await Promise.all(confirms);
  return states;
}
