import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isWorthRetrying } from '@/api/api-error';
import type { CreateExtractRequest, Order } from '@/api/schemas/orders';
import { waitForExtract } from '../extract-verdict';
import { withSameKey } from '../submission/idempotent-submission';

/**
 * A folder of found copies, checked file by file. A service extract order takes one file and carries one
 * `watermarkText`, so each file is its own extract order (docs/decisions/leak-tracing.md): created with its own
 * idempotency key (made once per run, reused by a retry), uploaded, then read until detected, undetected or failed.
 * A few files go at once; each row changes as its order moves.
 */

export interface TraceDeps {
  createExtract: (body: CreateExtractRequest) => Promise<{ orderId: string; file: { uploadUrl: string } }>;
  put: (url: string, body: Blob, contentType: string, signal: AbortSignal) => Promise<{ status: number }>;
  getOrder: (orderId: string) => Promise<Order>;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface TraceItem {
  file: File;
  sha256: string;
  contentType: string;
  /** The create request's idempotency key, made once for this file. */
  key: string;
}

export type TraceRow =
  | { state: 'waiting' }
  | { state: 'sending' }
  | { state: 'reading'; orderId: string }
  | { state: 'detected'; orderId: string; text: string }
  | { state: 'undetected'; orderId: string }
  | { state: 'failed'; orderId?: string; message: string };

export interface TraceOptions {
  signal: AbortSignal;
  onRow: (index: number, row: TraceRow) => void;
  /** Called once an order exists for a file, before its upload: the page keeps the file's facts under the order id. */
  onCreated?: (index: number, orderId: string) => void | Promise<void>;
  concurrency?: number;
  pollIntervalMs?: number;
  timeoutMs?: number;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function traceOne(item: TraceItem, index: number, deps: TraceDeps, options: TraceOptions): Promise<TraceRow> {
  const { signal } = options;
  options.onRow(index, { state: 'sending' });
  let orderId: string | undefined;
  try {
    const created = await withSameKey(item.key, (idempotencyKey) => deps.createExtract({ idempotencyKey, file: { fileName: item.file.name } }), {
      isRetryable: isWorthRetrying,
    });
    orderId = created.orderId;
    await options.onCreated?.(index, orderId);
    const uploaded = await deps.put(created.file.uploadUrl, item.file, item.contentType, signal);
    if (uploaded.status < 200 || uploaded.status >= 300) {
      const status = uploaded.status;
      return { state: 'failed', orderId, message: i18n._(msg`The file could not be uploaded (HTTP ${status}).`) };
    }
    options.onRow(index, { state: 'reading', orderId });
    const verdict = await waitForExtract(orderId, {
      getOrder: deps.getOrder,
      sleep: deps.sleep,
      signal,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      timeoutMs: options.timeoutMs ?? 180_000,
    });
    switch (verdict.kind) {
      case 'detected':
        return { state: 'detected', orderId, text: verdict.text };
      case 'undetected':
        return { state: 'undetected', orderId };
      case 'failed':
        return { state: 'failed', orderId, message: verdict.message };
      case 'timeout':
        return { state: 'failed', orderId, message: i18n._(msg`Still running: open the check order to see its result later.`) };
    }
  } catch (error) {
    if (signal.aborted) throw error;
    return { state: 'failed', ...(orderId ? { orderId } : {}), message: messageOf(error) };
  }
}

/** Checks every file; resolves with every row's last state, in the files' order. */
export async function traceFiles(items: readonly TraceItem[], deps: TraceDeps, options: TraceOptions): Promise<TraceRow[]> {
  const rows: TraceRow[] = items.map(() => ({ state: 'waiting' }));
  let next = 0;
  const worker = async () => {
    while (next < items.length && !options.signal.aborted) {
      const index = next++;
      rows[index] = await traceOne(items[index]!, index, deps, options);
      options.onRow(index, rows[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 3, items.length) }, worker));
  return rows;
}
