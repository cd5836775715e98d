import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError } from '@/api/api-error';
import { extensionOf, EXTRACT_EXTENSIONS, MIME_BY_EXTENSION } from '@/api/formats';
import type { CreateExtractRequest, Order } from '@/api/schemas/orders';
import { waitForExtract } from './extract-verdict';

/** Everything the verify run touches, injected so the flow is testable without a network. */
export interface VerifyDeps {
  getDownloadUrl: (orderId: string) => Promise<string>;
  fetchBytes: (url: string, signal: AbortSignal) => Promise<Uint8Array>;
  unzip: (zip: Uint8Array) => Promise<Record<string, Uint8Array>>;
  createExtract: (body: CreateExtractRequest) => Promise<{ orderId: string; file: { uploadUrl: string } }>;
  put: (url: string, body: Blob, contentType: string, signal: AbortSignal) => Promise<{ status: number }>;
  getOrder: (orderId: string) => Promise<Order>;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

export type VerifyStep = 'downloading' | 'uploading' | 'reading';

export type VerifyOutcome =
  | { kind: 'verified'; text: string; extractOrderId: string }
  | { kind: 'notFound'; extractOrderId: string }
  | { kind: 'failed'; extractOrderId: string; message: string };

export interface VerifyOptions {
  /** One key per verify run, so a retried create never makes a second extract order. */
  idempotencyKey: string;
  signal: AbortSignal;
  onStep?: (step: VerifyStep) => void;
  pollIntervalMs?: number;
  /** Give up waiting after this long; the extract order keeps running and stays linked. */
  timeoutMs?: number;
}

const READABLE = new Set<string>(EXTRACT_EXTENSIONS.filter((e) => e !== 'pdf'));

/**
 * Errors of the verify flow that are not a service answer still carry a code the user can quote. Their words are
 * fixed when thrown (an Error holds a string), in the language active then.
 */
function verifyError(code: string, message: string, status = 0): ApiError {
  return new ApiError({ kind: 'contract', status, code, method: 'VERIFY', path: '', message });
}

/** The first image of the result ZIP (sorted by name, so the pick is stable). */
export function firstImage(entries: Record<string, Uint8Array>): { name: string; bytes: Uint8Array } | undefined {
  const name = Object.keys(entries)
    .filter((n) => !n.endsWith('/') && !n.startsWith('__MACOSX/') && READABLE.has(extensionOf(n)))
    .sort()[0];
  if (name === undefined) return undefined;
  return { name: name.slice(name.lastIndexOf('/') + 1), bytes: entries[name]! };
}

/**
 * Reads the watermark back from a finished embed order: downloads its results, sends the first image
 * to a new extract order and waits for that order's verdict.
 */
export async function verifyWatermark(orderId: string, deps: VerifyDeps, options: VerifyOptions): Promise<VerifyOutcome> {
  const { signal } = options;
  options.onStep?.('downloading');
  const downloadUrl = await deps.getDownloadUrl(orderId);
  const zip = await deps.fetchBytes(downloadUrl, signal);
  const image = firstImage(await deps.unzip(zip));
  if (!image) throw verifyError('VERIFY_NO_IMAGE', i18n._(msg`The result download contains no image to check.`));

  options.onStep?.('uploading');
  const created = await deps.createExtract({ idempotencyKey: options.idempotencyKey, file: { fileName: image.name } });
  const contentType = MIME_BY_EXTENSION[extensionOf(image.name)] ?? 'application/octet-stream';
  const uploaded = await deps.put(created.file.uploadUrl, new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: contentType }), contentType, signal);
  if (uploaded.status < 200 || uploaded.status >= 300) {
    const status = uploaded.status;
    throw verifyError('VERIFY_UPLOAD_FAILED', i18n._(msg`The image could not be uploaded for checking (HTTP ${status}).`), status);
  }

  options.onStep?.('reading');
  const extractOrderId = created.orderId;
  const verdict = await waitForExtract(extractOrderId, {
    getOrder: deps.getOrder,
    sleep: deps.sleep,
    signal,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    timeoutMs: options.timeoutMs ?? 120_000,
  });
  switch (verdict.kind) {
    case 'detected':
      return { kind: 'verified', text: verdict.text, extractOrderId };
    case 'undetected':
      return { kind: 'notFound', extractOrderId };
    case 'failed':
      return { kind: 'failed', extractOrderId, message: verdict.message };
    case 'timeout':
      throw verifyError('VERIFY_TIMEOUT', i18n._(msg`The check is taking longer than expected; open the check order to see its result later.`));
  }
}
