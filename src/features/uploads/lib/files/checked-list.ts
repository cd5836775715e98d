import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { checkProblemMessage } from './check-reasons';
import type { FileCheckResult } from './file-check';
import type { CheckedFile } from '../submission/submission';
import { addFiles, type FileRules, type Rejection } from './file-validation';

/**
 * The chosen files while their checks run. `files` holds every file that will be sent once checked
 * (checking or fit); a file whose check refuses it, or whose bytes equal an earlier file's, leaves
 * `files` for `rejected` with its reason.
 */
export interface CheckedList {
  files: File[];
  rejected: Rejection[];
  results: ReadonlyMap<File, FileCheckResult>;
}

export const emptyList: CheckedList = { files: [], rejected: [], results: new Map() };

/** Name rules first (synchronous); the rejections shown are the ones of this drop. */
export function addToList(list: CheckedList, incoming: readonly File[], rules: FileRules): { list: CheckedList; added: File[] } {
  const { accepted, rejected } = addFiles(list.files, incoming, rules);
  return { list: { ...list, files: accepted, rejected }, added: accepted.slice(list.files.length) };
}

export function removeFromList(list: CheckedList, name: string): CheckedList {
  return { ...list, files: list.files.filter((f) => f.name !== name) };
}

/** Records one check result, then refuses what is now known to be broken or a content duplicate. */
export function applyCheck(list: CheckedList, file: File, result: FileCheckResult): CheckedList {
  if (!list.files.includes(file)) return list;
  const results = new Map(list.results).set(file, result);
  return settle({ ...list, results });
}

/**
 * Files in list order: the first file with some content is kept, every later file with the same
 * hash is refused naming it. A file still being checked holds its place: a later duplicate waits.
 */
export function contentDuplicates(files: readonly { name: string; sha256?: string }[]): Map<string, string> {
  const firstByHash = new Map<string, string>();
  const duplicates = new Map<string, string>();
  for (const f of files) {
    if (!f.sha256) continue;
    const first = firstByHash.get(f.sha256);
    if (first) duplicates.set(f.name, first);
    else firstByHash.set(f.sha256, f.name);
  }
  return duplicates;
}

function settle(list: CheckedList): CheckedList {
  const refused = new Map<File, MessageDescriptor>();
  for (const f of list.files) {
    const r = list.results.get(f);
    if (r && !r.ok) refused.set(f, checkProblemMessage(r.reason));
  }
  const kept = list.files.filter((f) => !refused.has(f));
  const dups = contentDuplicates(
    kept.map((f) => {
      const r = list.results.get(f);
      return { name: f.name, sha256: r?.ok ? r.sha256 : undefined };
    }),
  );
  for (const f of kept) {
    const other = dups.get(f.name);
    if (other) refused.set(f, msg`same content as ${other}`);
  }
  if (refused.size === 0) return list;
  return {
    files: list.files.filter((f) => !refused.has(f)),
    rejected: [...list.rejected, ...[...refused].map(([f, reason]) => ({ fileName: f.name, reason }))],
    results: list.results,
  };
}

/** Files whose check has not answered yet: the order cannot be created before they are known. */
export function checkingCount(list: CheckedList): number {
  return list.files.filter((f) => !list.results.has(f)).length;
}

export function hashOf(list: CheckedList, file: File): string | undefined {
  const r = list.results.get(file);
  return r?.ok ? r.sha256 : undefined;
}

/** Every file with its hash, or null while a check has not answered (an order waits for all of them). */
export function checkedFilesOf(list: CheckedList): CheckedFile[] | null {
  const checked = list.files.flatMap((file) => {
    const sha256 = hashOf(list, file);
    return sha256 ? [{ file, sha256 }] : [];
  });
  return checked.length === list.files.length ? checked : null;
}
