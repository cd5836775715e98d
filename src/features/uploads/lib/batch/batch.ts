import { FILES_PER_ORDER_MAX, ORDER_NAME_MAX } from '@/api/formats';
import type { AntiAiOrderBody } from '@/api/schemas/orders';
import { makeSubmissionKeys } from '../submission/idempotent-submission';
import type { CheckedFile, Submission } from '../submission/submission';
import type { BatchRecord } from './batch-store';

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

/** What every order of a batch is: anti-AI with these options, or watermark embedding with each file's own texts. */
export type BatchKind =
  | { options: AntiAiOrderBody['options'] }
  /** An embed order needs no confirm: it starts once its files are up. */
  | { embed: { watermarksOf: (file: CheckedFile) => { text: string }[] } };

/**
 * One planned order of a batch as the submission a form would make of it (anti-AI named "<name> n/N", embed
 * unnamed like the embed form's orders), so it is created, remembered and confirmed like any other.
 */
export function plannedSubmission(kind: BatchKind, planned: PlannedOrder<CheckedFile>): Submission {
  const files = [...planned.files];
  if ('embed' in kind) {
    return { type: 'watermarkEmbed', body: { files: files.map((c) => ({ fileName: c.file.name, watermarks: kind.embed.watermarksOf(c) })) }, files };
  }
  return { type: 'antiAi', body: { orderName: planned.name, files: files.map((c) => ({ fileName: c.file.name })), options: kind.options }, files };
}

/** A batch's default name when the user gives none: the folder's name if all files came from one, else the date. */
export function defaultBatchName(paths: readonly string[], now: Date, format: (d: Date) => string): string {
  const tops = new Set(paths.map((p) => p.replace(/^\.?\//, '').split('/')).filter((parts) => parts.length > 1).map((parts) => parts[0]));
  const [only] = tops;
  return tops.size === 1 && only ? only : format(now);
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
