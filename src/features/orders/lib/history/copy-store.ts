import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { ORDER_LIFETIME_DAYS } from '@/api/limits';
import type { Order } from '@/api/schemas/orders';
import { FINISHED_STATUSES } from '@/api/schemas/orders';
import { DAY_MS } from '@/lib/time';

/*
 * The local copy of the account's orders (docs/decisions/history-cache.md): IndexedDB, one database for the signed-in
 * account, cleared on sign-out and when another account signs in. Finished orders are stored once; unfinished ones
 * are kept too (the export lists them) and replaced until they finish. A record holds only what the usage history
 * and the CSV export read: no thumbnail URL, no watermarks.
 */

/** Bumped when a record's form or the meaning of the coverage changes: an older copy is dropped and read again. */
export const COPY_FORMAT = 1;
/** The copy's bound: the walk's own cap (1,000 pages of 100) plus the new orders of a long session. */
export const COPY_MAX_ORDERS = 110_000;

const DB_NAME = 'imprint-orders-copy';

export interface CopiedOrder {
  orderId: string;
  orderName: string;
  type: Order['type'];
  channel: Order['channel'];
  status: Order['status'];
  fileCount: number;
  /** ms, indexed: the history and the export read by creation time. */
  created: number;
  updatedAt: string;
  completedAt: string | null;
  errors: string | null;
  watermarkText: string | null;
  /** Final (stored once) or still moving (read again until final). */
  final: boolean;
  /** Seen on a list page (not only added by the order's own page): only such an order can end a refresh. */
  listed: boolean;
}

export interface CopyWalk {
  /** Read back to this creation time (ms). */
  target: number;
  /** Next page to read. */
  page: number;
  /** The list's page count as last answered. */
  totalPages: number;
  pagesDone: number;
  startedAt: number;
  /** Creation time (ms) the walk's first page starts from: now for page 1, the copy's reach when it reads on. */
  origin: number;
  /** Every order created at or after this (ms) is copied by the pages read so far; null before the first. */
  reached: number | null;
  paused: boolean;
}

export interface CopyMeta {
  format: number;
  account: string;
  /** Every order created at or after this (ms) up to the last refresh is in the copy; null before a first walk ends. */
  coveredFrom: number | null;
  /** The page cap stopped the last walk: older orders than the copy's are left out. */
  capped: boolean;
  walk: CopyWalk | null;
}

interface CopySchema extends DBSchema {
  orders: { key: string; value: CopiedOrder; indexes: { created: number } };
  meta: { key: 'state'; value: CopyMeta };
}

export const isFinal = (status: Order['status']) => FINISHED_STATUSES.includes(status);

export function toCopied(order: Order, listed: boolean): CopiedOrder {
  return {
    orderId: order.orderId,
    orderName: order.orderName,
    type: order.type,
    channel: order.channel,
    status: order.status,
    fileCount: order.fileCount,
    created: Date.parse(order.createdAt),
    updatedAt: order.updatedAt,
    completedAt: order.completedAt ?? null,
    errors: order.errors,
    watermarkText: order.watermarkText,
    final: isFinal(order.status),
    listed,
  };
}

const LIFETIME_MS = ORDER_LIFETIME_DAYS * DAY_MS;

/**
 * Back to the API's form for the code that reads orders (figures, CSV). With `now`, the status is the one the
 * service shows now: every order is `expired` once its lifetime is over (docs/decisions/orders.md), while the copy
 * keeps the status it finished with (a failed order that expired still counts no usage).
 */
export function fromCopied(copied: CopiedOrder, now?: number): Order {
  return {
    orderId: copied.orderId,
    orderName: copied.orderName,
    type: copied.type,
    channel: copied.channel,
    status: now !== undefined && copied.created + LIFETIME_MS <= now ? 'expired' : copied.status,
    fileCount: copied.fileCount,
    thumbnailImageUrl: null,
    createdAt: new Date(copied.created).toISOString(),
    updatedAt: copied.updatedAt,
    errors: copied.errors,
    watermarks: null,
    watermarkText: copied.watermarkText,
    completedAt: copied.completedAt,
  };
}

export const emptyMeta = (account: string): CopyMeta => ({ format: COPY_FORMAT, account, coveredFrom: null, capped: false, walk: null });

export interface CopyStore {
  meta(): Promise<CopyMeta | null>;
  setMeta(meta: CopyMeta): Promise<void>;
  get(ids: readonly string[]): Promise<Map<string, CopiedOrder>>;
  /** Writes orders and, in the same transaction, the meta (a page and the walk's cursor land together). */
  put(orders: readonly CopiedOrder[], meta?: CopyMeta): Promise<void>;
  /** Orders created at or after `from` (ms), any order. */
  readFrom(from: number): Promise<CopiedOrder[]>;
  countFrom(from: number): Promise<number>;
  unfinished(): Promise<CopiedOrder[]>;
  /** Drops the oldest orders beyond `max`; returns the creation time of the oldest kept, or null when none went. */
  prune(max: number): Promise<number | null>;
  clear(): Promise<void>;
  close(): void;
}

/** A cache: a write lost to a power cut is read again, so no write waits for the disk's flush (seconds on a busy disk). */
const RELAXED: IDBTransactionOptions = { durability: 'relaxed' };

let opening: Promise<IDBPDatabase<CopySchema>> | null = null;

function database(): Promise<IDBPDatabase<CopySchema>> {
  opening ??= openDB<CopySchema>(DB_NAME, 1, {
    upgrade(db) {
      const orders = db.createObjectStore('orders', { keyPath: 'orderId' });
      orders.createIndex('created', 'created');
      db.createObjectStore('meta');
    },
    // Another tab opening a newer version: let it, and open again next time.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
}

/** The IndexedDB store; `indexedDB` missing (old browser, private mode refusing it) rejects, and callers read the service. */
export function indexedDbStore(): CopyStore {
  return {
    async meta() {
      return (await (await database()).get('meta', 'state')) ?? null;
    },
    async setMeta(meta) {
      const tx = (await database()).transaction('meta', 'readwrite', RELAXED);
      await Promise.all([tx.store.put(meta, 'state'), tx.done]);
    },
    async get(ids) {
      const db = await database();
      const tx = db.transaction('orders');
      const found = await Promise.all(ids.map((id) => tx.store.get(id)));
      await tx.done;
      return new Map(found.filter((order): order is CopiedOrder => order !== undefined).map((order) => [order.orderId, order]));
    },
    async put(orders, meta) {
      const db = await database();
      const tx = db.transaction(['orders', 'meta'], 'readwrite', RELAXED);
      const store = tx.objectStore('orders');
      await Promise.all([...orders.map((order) => store.put(order)), ...(meta ? [tx.objectStore('meta').put(meta, 'state')] : []), tx.done]);
    },
    async readFrom(from) {
      return (await database()).getAllFromIndex('orders', 'created', IDBKeyRange.lowerBound(from));
    },
    async countFrom(from) {
      return (await database()).countFromIndex('orders', 'created', IDBKeyRange.lowerBound(from));
    },
    async unfinished() {
      // Unfinished orders are at most the order lifetime old: read the newest week and a day, not the whole copy.
      const recent = await (await database()).getAllFromIndex('orders', 'created', IDBKeyRange.lowerBound(Date.now() - 8 * DAY_MS));
      return recent.filter((order) => !order.final);
    },
    async prune(max) {
      const db = await database();
      const count = await db.count('orders');
      if (count <= max) return null;
      const tx = db.transaction('orders', 'readwrite', RELAXED);
      let cursor = await tx.store.index('created').openCursor();
      for (let dropped = 0; cursor && dropped < count - max; dropped++) {
        await cursor.delete();
        cursor = await cursor.continue();
      }
      const oldest = cursor?.value.created ?? null;
      await tx.done;
      return oldest;
    },
    async clear() {
      const db = await database();
      const tx = db.transaction(['orders', 'meta'], 'readwrite', RELAXED);
      await Promise.all([tx.objectStore('orders').clear(), tx.objectStore('meta').clear(), tx.done]);
    },
    close() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  };
}

/** The same store in memory: where IndexedDB is missing (jsdom, a browser refusing it), for one page's life. */
export function memoryStore(): CopyStore {
  const orders = new Map<string, CopiedOrder>();
  let state: CopyMeta | null = null;
  const byAge = () => [...orders.values()].sort((a, b) => a.created - b.created);
  return {
    meta: async () => state,
    setMeta: async (meta) => void (state = meta),
    get: async (ids) => new Map(ids.flatMap((id) => (orders.has(id) ? [[id, orders.get(id)!] as const] : []))),
    put: async (list, meta) => {
      for (const order of list) orders.set(order.orderId, order);
      if (meta) state = meta;
    },
    readFrom: async (from) => byAge().filter((order) => order.created >= from),
    countFrom: async (from) => [...orders.values()].filter((order) => order.created >= from).length,
    unfinished: async () => [...orders.values()].filter((order) => !order.final),
    prune: async (max) => {
      if (orders.size <= max) return null;
      const sorted = byAge();
      for (const order of sorted.slice(0, sorted.length - max)) orders.delete(order.orderId);
      return sorted[sorted.length - max]!.created;
    },
    clear: async () => {
      orders.clear();
      state = null;
    },
    close: () => {},
  };
}
