import { z } from 'zod';
import { ORDER_LIFETIME_DAYS } from '@/api/limits';
import { localRecordStore, type KeyValueStorage, type StoreFormat } from '@/lib/local-store';
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

const manifestEntry: z.ZodType<ManifestEntry> = z.looseObject({ fileName: z.string(), fileKey: z.string(), size: z.number(), sha256: z.string() });

/** An order still pending when it expires is left to the service; its manifest goes. */
export const MANIFEST_MAX_AGE_MS = ORDER_LIFETIME_DAYS * DAY_MS;

/** `{ [orderId]: { savedAt, files } }`; a full or blocked storage only means resume falls back to matching by name. */
const FORMAT: StoreFormat<StoredManifest> = {
  key: 'imprint.upload-manifests',
  version: 1,
  entry: z.looseObject({ savedAt: z.number(), files: z.array(manifestEntry) }),
  expired: (manifest, now) => now - manifest.savedAt >= MANIFEST_MAX_AGE_MS,
};

export function createManifestStore(storage: KeyValueStorage, clock: () => number = Date.now) {
  const store = localRecordStore(storage, FORMAT, clock);
  return {
    save(orderId: string, files: ManifestEntry[]) {
      store.write({ ...store.read(), [orderId]: { savedAt: clock(), files } });
    },
    load(orderId: string): ManifestEntry[] | null {
      return store.readAndTidy()[orderId]?.files ?? null;
    },
    /** The order has every file (or is finished): nothing left to resume. */
    forget(orderId: string) {
      const all = store.read();
      if (!(orderId in all)) return;
      delete all[orderId];
      store.write(all);
    },
  };
}

export type ManifestStore = ReturnType<typeof createManifestStore>;

/** The browser's store; tests make their own with `createManifestStore`. */
export function uploadManifests(): ManifestStore {
  return createManifestStore(window.localStorage);
}
