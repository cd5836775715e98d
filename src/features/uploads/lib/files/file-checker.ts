import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FileCheckResult } from './file-check';
import type { CheckRequest, CheckResponse } from './file-check.worker';

/**
 * Files checked at the same time. Each check holds one whole file in memory for its hash (up to
 * 50 MB), so a few at a time keeps a 100-file drop from holding gigabytes.
 */
export const CHECK_CONCURRENCY = 3;

type Run = (file: File) => Promise<FileCheckResult>;

/** One worker for the page, created on first use; every check goes through it. */
function workerRun(): Run {
  let worker: Worker | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (result: FileCheckResult) => void; reject: (error: unknown) => void }>();
  const start = () => {
    const w = new Worker(new URL('./file-check.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (event: MessageEvent<CheckResponse>) => {
      waiting.get(event.data.id)?.resolve(event.data.result);
      waiting.delete(event.data.id);
    };
    // A worker that cannot start or crashes answers every waiting check, so nothing waits forever.
    w.onerror = (event) => {
      event.preventDefault();
      for (const { reject } of waiting.values()) reject(new Error(i18n._(msg`the checker stopped`)));
      waiting.clear();
      worker = null;
    };
    return w;
  };
  return (file) => {
    worker ??= start();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker!.postMessage({ id, file } satisfies CheckRequest);
    });
  };
}

/** Bounded queue over `run`, with one cached promise and result per File object. */
export function createFileChecker(run: Run, concurrency = CHECK_CONCURRENCY) {
  const promises = new WeakMap<File, Promise<FileCheckResult>>();
  const results = new WeakMap<File, FileCheckResult>();
  const queue: (() => void)[] = [];
  let active = 0;

  const pump = () => {
    while (active < concurrency && queue.length > 0) queue.shift()!();
  };

  return {
    check(file: File): Promise<FileCheckResult> {
      const cached = promises.get(file);
      if (cached) return cached;
      const promise = new Promise<FileCheckResult>((resolve) => {
        queue.push(() => {
          active++;
          // A run that throws at once (no Worker) is refused like one that fails later.
          Promise.resolve()
            .then(() => run(file))
            .catch((error: unknown): FileCheckResult => ({ ok: false, reason: { kind: 'checkFailed', detail: error instanceof Error ? error.message : String(error) } }))
            .then((result) => {
              results.set(file, result);
              resolve(result);
            })
            .finally(() => {
              active--;
              pump();
            });
        });
      });
      promises.set(file, promise);
      pump();
      return promise;
    },
    /** The answer already known for this file, if any (e.g. its hash when the order is created). */
    resultOf(file: File): FileCheckResult | undefined {
      return results.get(file);
    },
  };
}

export type FileChecker = ReturnType<typeof createFileChecker>;

let shared: FileChecker | null = null;

/** The page's checker; results are kept per File object, so a file is decoded and hashed once. */
export function fileChecker(): FileChecker {
  shared ??= createFileChecker(workerRun());
  return shared;
}
