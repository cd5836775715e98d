import { z } from 'zod';
import { blobToDataUrl, dimensionsOf } from './image-facts';

/**
 * The checked file of an extract order, as the browser saw it when the user picked it: the service keeps neither the
 * name, the size, the dimensions nor a hash of an extract's file, and the evidence report must still show them after a
 * reload. Kept in localStorage under the extract order's id (never the file's bytes; a 96 px preview at most).
 */
export const checkedFileFacts = z.object({
  extractOrderId: z.string(),
  fileName: z.string(),
  size: z.number(),
  type: z.string(),
  sha256: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  /** A data: URL of the file check's preview. */
  thumbnail: z.string().optional(),
  /** When the file was sent for checking (ISO). */
  checkedAt: z.string(),
});
export type CheckedFileFacts = z.infer<typeof checkedFileFacts>;

const PREFIX = 'imprint.evidence.';
/** The most records kept; the oldest go first. */
export const EVIDENCE_KEEP = 300;

export interface EvidenceStore {
  save(facts: CheckedFileFacts): void;
  load(extractOrderId: string): CheckedFileFacts | null;
}

export function evidenceStore(storage: Storage = localStorage): EvidenceStore {
  const keys = () => Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => !!k && k.startsWith(PREFIX));
  const prune = () => {
    const records = keys()
      .map((key) => ({ key, at: readAt(storage, key) }))
      .sort((a, b) => a.at.localeCompare(b.at));
    for (const { key } of records.slice(0, Math.max(0, records.length - EVIDENCE_KEEP + 1))) storage.removeItem(key);
  };
  return {
    save(facts) {
      const key = PREFIX + facts.extractOrderId;
      if (!storage.getItem(key)) prune();
      try {
        storage.setItem(key, JSON.stringify(facts));
      } catch {
        // Storage full: the record without its preview still serves the report.
        const { thumbnail: _dropped, ...rest } = facts;
        try {
          storage.setItem(key, JSON.stringify(rest));
        } catch {
          /* nothing more to drop */
        }
      }
    },
    load(extractOrderId) {
      const raw = storage.getItem(PREFIX + extractOrderId);
      if (!raw) return null;
      try {
        const parsed = checkedFileFacts.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}

function readAt(storage: Storage, key: string): string {
  try {
    return String((JSON.parse(storage.getItem(key) ?? '{}') as { checkedAt?: unknown }).checkedAt ?? '');
  } catch {
    return '';
  }
}

/** The facts of a picked file: its hash and preview from the file check, its dimensions from its header. */
export async function factsOf(
  extractOrderId: string,
  file: File,
  sha256: string,
  preview: Blob | undefined,
  now: Date = new Date(),
): Promise<CheckedFileFacts> {
  const [dimensions, thumbnail] = await Promise.all([dimensionsOf(file), preview ? blobToDataUrl(preview).catch(() => undefined) : undefined]);
  return {
    extractOrderId,
    fileName: file.name,
    size: file.size,
    type: file.type,
    sha256,
    ...(dimensions ? { width: dimensions.width, height: dimensions.height } : {}),
    ...(thumbnail ? { thumbnail } : {}),
    checkedAt: now.toISOString(),
  };
}
