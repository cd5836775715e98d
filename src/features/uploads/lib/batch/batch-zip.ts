import type * as Fflate from 'fflate';
import { uniquePaths } from './zip-paths';

/** Where the ZIP's bytes go as they are made: a file on disk (File System Access API) or memory for one Blob. */
export interface ZipSink {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

export interface BatchZipProgress {
  /** Orders whose results were read (or given up). */
  ordersDone: number;
  orders: number;
  files: number;
  /** Bytes written to the ZIP so far. */
  bytes: number;
}

/** A result download the storage refused: 403 is an expired (or tampered) link, asked again once. */
export class ResultFetchError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'ResultFetchError';
  }
}

export interface BatchZipDeps {
  fflate: Pick<typeof Fflate, 'Zip' | 'ZipPassThrough' | 'Unzip' | 'UnzipInflate'>;
  /** A fresh download link of an order's result ZIP (they expire: asked right before each read). */
  linkOf: (orderId: string) => Promise<string>;
  fetch: (url: string, init: { signal?: AbortSignal }) => Promise<Response>;
  /** The path in the batch ZIP of an entry of this order's ZIP. */
  pathOf: (orderId: string, entryName: string) => string;
  sink: ZipSink;
  onProgress?: (progress: BatchZipProgress) => void;
  signal?: AbortSignal;
  /** Reads of one order's ZIP (a broken connection or an expired link starts it again, skipping what was written). */
  tries?: number;
  /** Each whole entry as it goes into the ZIP (the recipients' copies hash their results here). */
  onEntry?: (orderId: string, entryName: string, chunks: readonly Uint8Array[]) => void;
}

export interface BatchZipResult {
  files: number;
  bytes: number;
  failed: { orderId: string; error: unknown; saved: number }[];
}

/**
 * Every order's result ZIP, read one after the other, re-packed into one ZIP that is written to `sink` as it is
 * made, so a 1,000-file batch never sits in memory twice (with a file on disk, never at all). Entries are stored
 * as they came (images are compressed already). Each result entry is collected whole before it is added, so a
 * read that breaks off leaves no half file in the ZIP: the order is read again with a fresh link (an expired link
 * answers 403) and the entries already written are skipped. An order that still fails is reported with what was
 * saved of it; the others go on.
 */
export async function buildBatchZip(orderIds: readonly string[], deps: BatchZipDeps): Promise<BatchZipResult> {
  const { Zip, ZipPassThrough, Unzip, UnzipInflate } = deps.fflate;
  const tries = deps.tries ?? 3;
  const unique = uniquePaths();
  let bytes = 0;
  let files = 0;
  let writing: Promise<void> = Promise.resolve();
  let writeError: unknown = null;
  let ended!: () => void;
  const finished = new Promise<void>((resolve) => (ended = resolve));
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      writeError ??= error;
      ended();
      return;
    }
    bytes += chunk.length;
    writing = writing.then(() => deps.sink.write(chunk)).catch((e: unknown) => void (writeError ??= e));
    if (final) ended();
  });
  const failed: BatchZipResult['failed'] = [];
  const progress = (ordersDone: number) => deps.onProgress?.({ ordersDone, orders: orderIds.length, files, bytes });

  const readOrder = async (orderId: string, written: Set<string>) => {
    const response = await deps.fetch(await deps.linkOf(orderId), { signal: deps.signal });
    if (!response.ok || !response.body) throw new ResultFetchError(response.status);
    const unzip = new Unzip();
    unzip.register(UnzipInflate);
    const complete: { name: string; chunks: Uint8Array[] }[] = [];
    let entryError: unknown = null;
    unzip.onfile = (file) => {
      if (written.has(file.name)) return; // written by an earlier try: not started, so not read
      const chunks: Uint8Array[] = [];
      file.ondata = (error, data, final) => {
        if (error) {
          entryError ??= error;
          return;
        }
        chunks.push(data);
        if (final) complete.push({ name: file.name, chunks });
      };
      file.start();
    };
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      unzip.push(value ?? new Uint8Array(0), done);
      if (entryError) throw entryError;
      // Whole entries go into the ZIP as they complete; then wait for the sink, so a slow disk holds the reading back.
      for (const entry of complete.splice(0)) {
        const out = new ZipPassThrough(unique(deps.pathOf(orderId, entry.name)));
        zip.add(out);
        entry.chunks.forEach((c, i) => out.push(c, i === entry.chunks.length - 1));
        if (entry.chunks.length === 0) out.push(new Uint8Array(0), true);
        written.add(entry.name);
        deps.onEntry?.(orderId, entry.name, entry.chunks);
        files++;
      }
      progress(orderIds.indexOf(orderId));
      await writing;
      if (writeError) throw writeError;
      if (done) return;
    }
  };

  try {
    for (const [index, orderId] of orderIds.entries()) {
      const written = new Set<string>();
      for (let attempt = 1; ; attempt++) {
        try {
          await readOrder(orderId, written);
          break;
        } catch (error) {
          if (writeError || deps.signal?.aborted) throw writeError ?? error;
          if (attempt >= tries) {
            failed.push({ orderId, error, saved: written.size });
            break;
          }
        }
      }
      progress(index + 1);
    }
    zip.end();
    await finished;
    await writing;
    if (writeError) throw writeError;
    await deps.sink.close();
  } catch (error) {
    zip.terminate();
    await deps.sink.abort().catch(() => {});
    throw error;
  }
  return { files, bytes, failed };
}

/** A ZIP in memory, saved at the end through one Blob: for browsers without showSaveFilePicker. */
export function blobSink(onDone: (blob: Blob) => void): ZipSink {
  let parts: BlobPart[] = [];
  return {
    write: async (chunk) => {
      parts.push(chunk as Uint8Array<ArrayBuffer>);
    },
    close: async () => {
      onDone(new Blob(parts, { type: 'application/zip' }));
      parts = [];
    },
    abort: async () => {
      parts = [];
    },
  };
}

/** A file the user chose, written chunk by chunk (Chromium's File System Access API). */
export function fileSink(writable: { write(data: Uint8Array): Promise<void>; close(): Promise<void>; abort(): Promise<void> }): ZipSink {
  return {
    write: (chunk) => writable.write(chunk),
    close: () => writable.close(),
    abort: () => writable.abort(),
  };
}
