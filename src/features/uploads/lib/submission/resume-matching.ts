import type { ManifestEntry } from './upload-manifest';

export interface ExpectedFile {
  fileName: string;
  fileKey: string;
}

export interface DroppedFile {
  name: string;
  sha256: string;
}

export type ResumeMatch =
  /** Send this file as `target` (the name the order knows it by). */
  | { kind: 'send'; dropped: string; target: ExpectedFile; renamed: boolean }
  | { kind: 'uploaded'; dropped: string; as: string }
  | { kind: 'different'; dropped: string; as: string }
  | { kind: 'unknown'; dropped: string };

/**
 * Which dropped file is which expected file. With a manifest (the order was created in this
 * browser) content decides first, so renamed files are recognised, and a file whose content the
 * manifest knows but the service no longer expects was uploaded already. Then the exact name, for
 * orders created elsewhere; a name the manifest knows with other content is not sent.
 */
export function matchResume(expected: readonly ExpectedFile[], manifest: readonly ManifestEntry[] | null, dropped: readonly DroppedFile[]): ResumeMatch[] {
  const open = new Map(expected.map((e) => [e.fileKey, e]));
  const isOpen = (entry: ManifestEntry) => open.has(entry.fileKey) || [...open.values()].some((e) => e.fileName === entry.fileName);
  const take = (entry: { fileKey: string; fileName: string }): ExpectedFile | undefined => {
    const hit = open.get(entry.fileKey) ?? [...open.values()].find((e) => e.fileName === entry.fileName);
    if (hit) open.delete(hit.fileKey);
    return hit;
  };

  const results = new Map<DroppedFile, ResumeMatch>();
  // Content first, over every dropped file, so a renamed file is not beaten by a name match.
  for (const d of dropped) {
    const known = manifest?.find((m) => m.sha256 === d.sha256);
    if (!known) continue;
    if (isOpen(known)) {
      const target = take(known)!;
      results.set(d, { kind: 'send', dropped: d.name, target, renamed: d.name !== target.fileName });
    } else {
      results.set(d, { kind: 'uploaded', dropped: d.name, as: known.fileName });
    }
  }
  for (const d of dropped) {
    if (results.has(d)) continue;
    const byName = [...open.values()].find((e) => e.fileName === d.name);
    const knownName = manifest?.find((m) => m.fileName === d.name);
    if (knownName) {
      // The order was made from other bytes under this name: sending these would change the result.
      results.set(d, byName ? { kind: 'different', dropped: d.name, as: knownName.fileName } : { kind: 'uploaded', dropped: d.name, as: knownName.fileName });
    } else if (byName) {
      results.set(d, { kind: 'send', dropped: d.name, target: take(byName)!, renamed: false });
    } else {
      results.set(d, { kind: 'unknown', dropped: d.name });
    }
  }
  return dropped.map((d) => results.get(d)!);
}
