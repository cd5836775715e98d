import type { z } from 'zod';

/*
 * This browser's small JSON stores in localStorage (sent orders, upload manifests, batches): one key each, holding a
 * collection of entries, an object by id or a list. Each key has one schema for its entries, with a version:
 *
 * - read: JSON that does not parse, or is not the collection, reads as empty; each entry is checked by itself, so one
 *   damaged entry costs that entry only. An entry that does not fit the current schema is turned into it when it fits
 *   an older one (`older`, with its `migrate`), else dropped; an entry past its time (`expired`) is dropped too.
 * - write: an empty collection removes the key. A full or blocked storage never throws: the store tries once more with
 *   every entry made smaller (`shrink`, e.g. without its preview) when it has a way to, then gives up and says so.
 *
 * Entries carry no version tag: the stores' data predates this helper and is read as it was written (same keys, same
 * JSON). A version is known by the schema it fits, newest first; a new version's schema must not accept an older
 * version's entries in a different meaning (add optional fields, or rename, never reuse a field).
 */

/** What a store needs of `Storage`: window.localStorage in the app, a Map in tests. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** An older version of a key's entries, still read: its entries are migrated to the current version. */
export interface OlderFormat<T> {
  version: number;
  /** The migrated entry, or undefined when the value does not fit this version. */
  read(value: unknown): T | undefined;
}

/** An older version of a key's entries, with how one of them becomes a current entry. */
export function olderFormat<O, T>(version: number, schema: z.ZodType<O>, migrate: (old: O) => T): OlderFormat<T> {
  return {
    version,
    read(value) {
      const parsed = schema.safeParse(value);
      return parsed.success ? migrate(parsed.data) : undefined;
    },
  };
}

export interface StoreFormat<T> {
  /** The localStorage key; never changed, or the stored data of every user is lost. */
  key: string;
  /** Counts up from 1 each time the entries' shape changes; the older shapes go to `older`. */
  version: number;
  /** One entry as this version writes it. Loose objects keep fields a newer version added. */
  entry: z.ZodType<T>;
  /** Older versions still read; an entry is read as the newest one it fits. */
  older?: readonly OlderFormat<T>[];
  /** An entry past its time is dropped when read. */
  expired?: (entry: T, now: number) => boolean;
  /** A smaller form of an entry, tried once when the storage refuses the whole collection (full). */
  shrink?: (entry: T) => T;
}

export interface LocalStore<C> {
  /** The entries that fit and are not expired; empty when the key is absent or unreadable. */
  read(): C;
  /** `read`, and the key rewritten without what it dropped (if it dropped anything). */
  readAndTidy(): C;
  /** Writes the collection; empty removes the key. False when the storage refused it, even made smaller. */
  write(value: C): boolean;
}

function checkFormat<T>(format: StoreFormat<T>) {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a programming error, never shown
  if (!Number.isInteger(format.version) || format.version < 1) throw new RangeError(`${format.key}: version must be a whole number from 1`);
  for (const older of format.older ?? []) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a programming error, never shown
    if (older.version >= format.version) throw new RangeError(`${format.key}: an older format must have a lower version`);
  }
}

/** Reads one stored entry: as the current version, else migrated from the newest older version it fits, else undefined (dropped). */
function entryReader<T>(format: StoreFormat<T>): (value: unknown) => T | undefined {
  checkFormat(format);
  const older = [...(format.older ?? [])].sort((a, b) => b.version - a.version);
  return (value) => {
    const current = format.entry.safeParse(value);
    if (current.success) return current.data;
    for (const version of older) {
      const migrated = version.read(value);
      if (migrated !== undefined) return migrated;
    }
    return undefined;
  };
}

function readJson(storage: KeyValueStorage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    // Not JSON, or the storage is blocked: nothing kept.
    return undefined;
  }
}

function writeJson(storage: KeyValueStorage, key: string, value: unknown, empty: boolean): boolean {
  try {
    if (empty) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    // Full (QuotaExceededError) or blocked.
    return false;
  }
}

/** Entries kept under one key as `{ [id]: entry }`, in the order they were written. */
export function localRecordStore<T>(storage: KeyValueStorage, format: StoreFormat<T>, clock: () => number = Date.now): LocalStore<Record<string, T>> {
  const fit = entryReader(format);
  const readCounted = (): { entries: Record<string, T>; dropped: number } => {
    const stored = readJson(storage, format.key);
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return { entries: {}, dropped: 0 };
    const now = clock();
    const entries: Record<string, T> = {};
    let dropped = 0;
    for (const [id, value] of Object.entries(stored)) {
      const entry = fit(value);
      if (entry === undefined || format.expired?.(entry, now)) dropped++;
      else entries[id] = entry;
    }
    return { entries, dropped };
  };
  const write = (value: Record<string, T>) => {
    const empty = Object.keys(value).length === 0;
    if (writeJson(storage, format.key, value, empty)) return true;
    const { shrink } = format;
    return shrink ? writeJson(storage, format.key, Object.fromEntries(Object.entries(value).map(([id, e]) => [id, shrink(e)])), empty) : false;
  };
  return storeOf(readCounted, write);
}

/** A store from its reader (entries and how many it dropped) and its writer. */
function storeOf<C>(readCounted: () => { entries: C; dropped: number }, write: (value: C) => boolean): LocalStore<C> {
  return {
    read: () => readCounted().entries,
    readAndTidy() {
      const { entries, dropped } = readCounted();
      if (dropped > 0) write(entries);
      return entries;
    },
    write,
  };
}

/** Entries kept under one key as a list `[entry, …]`. */
export function localListStore<T>(storage: KeyValueStorage, format: StoreFormat<T>, clock: () => number = Date.now): LocalStore<T[]> {
  const fit = entryReader(format);
  const readCounted = (): { entries: T[]; dropped: number } => {
    const stored = readJson(storage, format.key);
    if (!Array.isArray(stored)) return { entries: [], dropped: 0 };
    const now = clock();
    const entries: T[] = [];
    for (const value of stored) {
      const entry = fit(value);
      if (entry !== undefined && !format.expired?.(entry, now)) entries.push(entry);
    }
    return { entries, dropped: stored.length - entries.length };
  };
  const write = (value: T[]) => {
    if (writeJson(storage, format.key, value, value.length === 0)) return true;
    const { shrink } = format;
    return shrink ? writeJson(storage, format.key, value.map(shrink), value.length === 0) : false;
  };
  return storeOf(readCounted, write);
}
