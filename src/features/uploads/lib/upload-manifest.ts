import { ORDER_LIFETIME_DAYS } from '@/api/limits';
import { DAY_MS } from '@/lib/time';

/**
 * What a pending order was created with, per file, so a reload can tell which dropped file is
 * which: names, keys, sizes and content hashes only, never the bytes.
 */
export interface ManifestEntry {
  fileName: string;
  fileKey: string;
  size: number;
  sha256: string;
}

interface StoredManifest {
  savedAt: number;
  files: ManifestEntry[];
}

const STORAGE_KEY = 'imprint.upload-manifests';
/** An order still pending when it expires is left to the service; its manifest goes. */
export const MANIFEST_MAX_AGE_MS = ORDER_LIFETIME_DAYS * DAY_MS;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function readAll(store: Store): Record<string, StoredManifest> {
  try {
    const parsed: unknown = JSON.parse(store.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, StoredManifest>) : {};
  } catch {
    return {};
  }
}

function writeAll(store: Store, all: Record<string, StoredManifest>) {
  try {
    if (Object.keys(all).length === 0) store.removeItem(STORAGE_KEY);
    else store.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Storage full or blocked: resume falls back to matching by name, nothing else breaks.
  }
}

function fresh(all: Record<string, StoredManifest>, now: number): Record<string, StoredManifest> {
  return Object.fromEntries(
    Object.entries(all).filter(([, m]) => typeof m?.savedAt === 'number' && Array.isArray(m.files) && now - m.savedAt < MANIFEST_MAX_AGE_MS),
  );
}

export function createManifestStore(store: Store, clock: () => number = Date.now) {
  return {
    save(orderId: string, files: ManifestEntry[]) {
      const now = clock();
      writeAll(store, { ...fresh(readAll(store), now), [orderId]: { savedAt: now, files } });
    },
    load(orderId: string): ManifestEntry[] | null {
      const all = readAll(store);
      const kept = fresh(all, clock());
      if (Object.keys(kept).length !== Object.keys(all).length) writeAll(store, kept);
      return kept[orderId]?.files ?? null;
    },
    /** The order has every file (or is finished): nothing left to resume. */
    forget(orderId: string) {
      const all = readAll(store);
      if (!(orderId in all)) return;
      delete all[orderId];
      writeAll(store, all);
    },
  };
}

export type ManifestStore = ReturnType<typeof createManifestStore>;

/** The browser's store; tests make their own with `createManifestStore`. */
export function uploadManifests(): ManifestStore {
  return createManifestStore(window.localStorage);
}
