import { z } from 'zod';
import { ORDER_LIFETIME_DAYS } from '@/api/limits';
import { localListStore, type KeyValueStorage, type StoreFormat } from '@/lib/local-store';
import { DAY_MS } from '@/lib/time';
import type { SubmissionKeys } from '../submission/idempotent-submission';

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
  /** What its orders are: anti-AI orders are confirmed once their files are up, embed orders start by themselves. Absent in batches stored before embed batches existed: anti-AI. */
  type?: 'antiAi' | 'watermarkEmbed';
  savedAt: number;
  orders: BatchOrderRecord[];
}

export const BATCHES_STORAGE_KEY = 'imprint.upload-batches';
/** A batch is forgotten with its orders: after the service's order lifetime. */
export const BATCH_MAX_AGE_MS = ORDER_LIFETIME_DAYS * DAY_MS;

const batchOrderRecord: z.ZodType<BatchOrderRecord> = z.looseObject({
  name: z.string(),
  fileCount: z.number(),
  keys: z.looseObject({ create: z.string(), confirm: z.string() }),
  orderId: z.string().optional(),
  uploaded: z.boolean().optional(),
  paths: z.record(z.string(), z.string()).optional(),
});

/** `[BatchRecord, …]`; a full or blocked storage only costs a reload the batch's list of orders. */
const FORMAT: StoreFormat<BatchRecord> = {
  key: BATCHES_STORAGE_KEY,
  version: 1,
  entry: z.looseObject({ batchId: z.string(), name: z.string(), type: z.enum(['antiAi', 'watermarkEmbed']).optional(), savedAt: z.number(), orders: z.array(batchOrderRecord) }),
  expired: (record, now) => now - record.savedAt >= BATCH_MAX_AGE_MS,
};

/**
 * The batches this browser sent, in localStorage beside the per-order upload manifests (which keep the
 * content hashes: a batch's resume is each pending order's resume). Names, keys and ids only (~1 KB a batch).
 */
export function createBatchStore(storage: KeyValueStorage, clock: () => number = Date.now) {
  const store = localListStore(storage, FORMAT, clock);
  const readAll = () => store.read();
  const writeAll = (all: BatchRecord[]) => void store.write(all);
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
