import type { OrderType } from '@/api/schemas/orders';

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

const STORAGE_KEY = 'imprint.sent-orders';
/** The newest orders only: the previews are a few KB each and localStorage is small. */
export const SENT_ORDERS_MAX = 40;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function readAll(store: Store): Record<string, Stored> {
  try {
    const parsed: unknown = JSON.parse(store.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, Stored>) : {};
  } catch {
    return {};
  }
}

function isSentOrder(value: unknown): value is Stored {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<Stored>;
  return typeof v.type === 'string' && Array.isArray(v.files) && v.files.every((f) => typeof f?.fileName === 'string');
}

export function createSentOrders(store: Store, clock: () => number = Date.now) {
  return {
    save(orderId: string, order: SentOrder) {
      const kept = Object.entries(readAll(store))
        .filter(([id, v]) => id !== orderId && isSentOrder(v))
        .sort(([, a], [, b]) => b.savedAt - a.savedAt)
        .slice(0, SENT_ORDERS_MAX - 1);
      const next = Object.fromEntries([[orderId, { ...order, savedAt: clock() }], ...kept]);
      try {
        store.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage full or blocked: try again without the previews; the order page then shows less, nothing breaks.
        try {
          store.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(Object.entries(next).map(([id, v]) => [id, { ...v, before: undefined }]))));
        } catch {
          /* nothing kept */
        }
      }
    },
    load(orderId: string): SentOrder | null {
      const found = readAll(store)[orderId];
      if (!isSentOrder(found)) return null;
      const { savedAt: _savedAt, ...order } = found;
      return order;
    },
  };
}

/** The browser's store; tests make their own with `createSentOrders`. */
export function sentOrders() {
  return createSentOrders(window.localStorage);
}
