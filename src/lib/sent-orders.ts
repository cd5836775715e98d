import { z } from 'zod';
import { ORDER_TYPES, type OrderType } from '@/api/schemas/orders';
import { localRecordStore, type KeyValueStorage, type StoreFormat } from './local-store';

/**
 * What this browser sent when it created an order: the service's order detail carries no file names,
 * no strength and no original (docs/decisions/orders-dashboard.md), so the order page shows these from
 * here, and says so. Names and settings only, plus one small preview of the first file, never the bytes.
 */
export interface SentFile {
  fileName: string;
  /** Set when the service fetches the file itself (anti-AI URL mode). */
  url?: string;
  /** Embed: the texts sent for this file. */
  texts?: string[];
}

export interface SentOrder {
  type: OrderType;
  files: SentFile[];
  strength?: string;
  zeroCopy?: boolean;
  /** Extract: the original image sent with the file. */
  originalFileName?: string;
  /** A small JPEG data URL of the first file as chosen, the "before" of the preview. */
  before?: string;
}

interface Stored extends SentOrder {
  savedAt: number;
}

const storedOrder: z.ZodType<Stored> = z.looseObject({
  type: z.enum(ORDER_TYPES),
  files: z.array(z.looseObject({ fileName: z.string(), url: z.string().optional(), texts: z.array(z.string()).optional() })),
  strength: z.string().optional(),
  zeroCopy: z.boolean().optional(),
  originalFileName: z.string().optional(),
  before: z.string().optional(),
  savedAt: z.number(),
});

/** `{ [orderId]: SentOrder & { savedAt } }`, newest first. */
const FORMAT: StoreFormat<Stored> = {
  key: 'imprint.sent-orders',
  version: 1,
  entry: storedOrder,
  // Storage full: the orders without their previews; the order page then shows less, nothing breaks.
  shrink: ({ before: _before, ...order }) => order,
};
/** The newest orders only: the previews are a few KB each and localStorage is small. */
export const SENT_ORDERS_MAX = 40;

export function createSentOrders(storage: KeyValueStorage, clock: () => number = Date.now) {
  const store = localRecordStore(storage, FORMAT, clock);
  return {
    save(orderId: string, order: SentOrder) {
      const kept = Object.entries(store.read())
        .filter(([id]) => id !== orderId)
        .sort(([, a], [, b]) => b.savedAt - a.savedAt)
        .slice(0, SENT_ORDERS_MAX - 1);
      store.write(Object.fromEntries([[orderId, { ...order, savedAt: clock() }], ...kept]));
    },
    load(orderId: string): SentOrder | null {
      const found = store.read()[orderId];
      if (!found) return null;
      const { savedAt: _savedAt, ...order } = found;
      return order;
    },
  };
}

/** The browser's store; tests make their own with `createSentOrders`. */
export function sentOrders() {
  return createSentOrders(window.localStorage);
}
