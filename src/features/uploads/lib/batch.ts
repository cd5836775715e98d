import { FILES_PER_ORDER_MAX, ORDER_NAME_MAX } from '@/api/formats';
import { ORDER_LIFETIME_DAYS } from '@/api/limits';
import { makeSubmissionKeys, type SubmissionKeys } from './idempotent-submission';

/** Most images one drop can turn into a batch: ten orders of the service's 100. */
export const BATCH_FILES_MAX = 1000;

/**
 * "<name> 3/10": the base is cut (never the counter) so every name fits the service's 64 characters;
 * a cut name still tells the orders of one batch apart by their counter.
 */
export function batchOrderName(base: string, index: number, count: number): string {
  const counter = ` ${index + 1}/${count}`;
  const room = ORDER_NAME_MAX - counter.length;
  return `${base.trim().slice(0, room).trimEnd()}${counter}`;
}

export interface PlannedOrder<T> {
  name: string;
  files: T[];
}

/**
 * Consecutive orders of at most `perOrder` files in the list's order, so "1/10" holds the first files
 * the user sees. An even split (e.g. 205 → 69/68/68) would move files between orders as the list
 * changes; "full orders, then the rest" keeps order n stable while files are added at the end.
 */
export function planBatch<T>(files: readonly T[], base: string, perOrder: number = FILES_PER_ORDER_MAX): PlannedOrder<T>[] {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a programming error, never shown
  if (perOrder < 1) throw new RangeError('perOrder must be at least 1');
  const count = Math.ceil(files.length / perOrder);
  return Array.from({ length: count }, (_, i) => ({
    name: batchOrderName(base, i, count),
    files: files.slice(i * perOrder, (i + 1) * perOrder),
  }));
}

/** A batch's default name when the user gives none: the folder's name if all files came from one, else the date. */
export function defaultBatchName(paths: readonly string[], now: Date, format: (d: Date) => string): string {
  const tops = new Set(paths.map((p) => p.replace(/^\.?\//, '').split('/')).filter((parts) => parts.length > 1).map((parts) => parts[0]));
  const [only] = tops;
  return tops.size === 1 && only ? only : format(now);
}

/** One order of a batch as this browser remembers it: its keys from before it was sent, its id once created. */
export interface BatchOrderRecord {
  name: string;
  fileCount: number;
  keys: SubmissionKeys;
  orderId?: string;
  /** Every file is up (and the order confirmed): nothing to resume. */
  uploaded?: boolean;
}

export interface BatchRecord {
  batchId: string;
  name: string;
  savedAt: number;
  orders: BatchOrderRecord[];
}

/**
 * A new batch's record, with both keys of every order made now, once: they are written to storage before
 * the first create is sent, so a retry, a second click or a reload in the middle reuses them and the
 * service answers with the orders it already made instead of making them twice.
 */
export function newBatchRecord(
  name: string,
  planned: readonly PlannedOrder<unknown>[],
  now: number,
  randomUUID: () => string = () => crypto.randomUUID(),
): BatchRecord {
  return {
    batchId: randomUUID(),
    name,
    savedAt: now,
    orders: planned.map((o) => ({ name: o.name, fileCount: o.files.length, keys: makeSubmissionKeys(randomUUID) })),
  };
}

const STORAGE_KEY = 'imprint.upload-batches';
/** A batch is forgotten with its orders: after the service's order lifetime. */
export const BATCH_MAX_AGE_MS = ORDER_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

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
      const parsed: unknown = JSON.parse(store.getItem(STORAGE_KEY) ?? '[]');
      const now = clock();
      return Array.isArray(parsed) ? parsed.filter(isRecord).filter((r) => now - r.savedAt < BATCH_MAX_AGE_MS) : [];
    } catch {
      return [];
    }
  };
  const writeAll = (all: BatchRecord[]) => {
    try {
      if (all.length === 0) store.removeItem(STORAGE_KEY);
      else store.setItem(STORAGE_KEY, JSON.stringify(all));
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
