import { ORDER_LIFETIME_DAYS } from '@/api/limits';
import type { SubmissionKeys } from './idempotent-submission';
import { DAY_MS } from '@/lib/time';

/*
 * Where this browser remembers its batches. A module of its own, free of the upload engine and of Lingui's macros,
 * so scripts/screenshots.ts can write a batch through it under tsx instead of copying its key and shape.
 */

/** One order of a batch as this browser remembers it: its keys from before it was sent, its id once created. */
export interface BatchOrderRecord {
  name: string;
  fileCount: number;
  keys: SubmissionKeys;
  orderId?: string;
  /** Every file is up (and the order confirmed): nothing to resume. */
  uploaded?: boolean;
  /**
   * The order's file name → where the file sat in the chosen folder ("shoot/raw/photo-01.jpg"), for files that came
   * from a folder: the batch's one ZIP puts each result back there. Absent in batches stored before it existed.
   */
  paths?: Record<string, string>;
}

export interface BatchRecord {
  batchId: string;
  name: string;
  savedAt: number;
  orders: BatchOrderRecord[];
}

export const BATCHES_STORAGE_KEY = 'imprint.upload-batches';
/** A batch is forgotten with its orders: after the service's order lifetime. */
export const BATCH_MAX_AGE_MS = ORDER_LIFETIME_DAYS * DAY_MS;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isRecord(value: unknown): value is BatchRecord {
  if (!value || typeof value !== 'object') return false;
  const r = value as Partial<BatchRecord>;
  return typeof r.batchId === 'string' && typeof r.name === 'string' && typeof r.savedAt === 'number' && Array.isArray(r.orders);
}

/**
 * The batches this browser sent, in localStorage beside the per-order upload manifests (which keep the
 * content hashes: a batch's resume is each pending order's resume). Names, keys and ids only (~1 KB a batch).
 */
export function createBatchStore(store: Store, clock: () => number = Date.now) {
  const readAll = (): BatchRecord[] => {
    try {
      const parsed: unknown = JSON.parse(store.getItem(BATCHES_STORAGE_KEY) ?? '[]');
      const now = clock();
      return Array.isArray(parsed) ? parsed.filter(isRecord).filter((r) => now - r.savedAt < BATCH_MAX_AGE_MS) : [];
    } catch {
      return [];
    }
  };
  const writeAll = (all: BatchRecord[]) => {
    try {
      if (all.length === 0) store.removeItem(BATCHES_STORAGE_KEY);
      else store.setItem(BATCHES_STORAGE_KEY, JSON.stringify(all));
    } catch {
      // Storage full or blocked: the batch still runs; only a reload loses its list of orders.
    }
  };
  return {
    save(record: BatchRecord) {
      writeAll([...readAll().filter((r) => r.batchId !== record.batchId), record]);
    },
    load(batchId: string): BatchRecord | null {
      return readAll().find((r) => r.batchId === batchId) ?? null;
    },
    /** Newest first. */
    list(): BatchRecord[] {
      return readAll().sort((a, b) => b.savedAt - a.savedAt);
    },
    /** The batch an order belongs to, with the order's place in it. */
    findOrder(orderId: string): { record: BatchRecord; index: number } | null {
      for (const record of readAll()) {
        const index = record.orders.findIndex((o) => o.orderId === orderId);
        if (index >= 0) return { record, index };
      }
      return null;
    },
    /** Changes one order of a stored batch (its id once created, `uploaded` once every file is up). */
    updateOrder(batchId: string, index: number, change: Partial<Pick<BatchOrderRecord, 'orderId' | 'uploaded'>>) {
      const all = readAll();
      const record = all.find((r) => r.batchId === batchId);
      const order = record?.orders[index];
      if (!record || !order) return;
      record.orders[index] = { ...order, ...change };
      writeAll(all);
    },
  };
}

export type BatchStore = ReturnType<typeof createBatchStore>;

export function uploadBatches(): BatchStore {
  return createBatchStore(window.localStorage);
}

/** Orders of the batch this browser did not finish: never created, or created with files not all sent and confirmed. */
export function unfinishedOrders(record: BatchRecord): number {
  return record.orders.filter((o) => !o.orderId || !o.uploaded).length;
}

/** The batches sent from this browser that still have unfinished orders. */
export function unfinishedBatches(): BatchRecord[] {
  return uploadBatches()
    .list()
    .filter((r) => unfinishedOrders(r) > 0);
}
