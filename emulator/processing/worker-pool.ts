import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { WorkerReply } from './processing-worker';
import type { RealProcessorOptions } from './real-processor';
import { ProcessingError, type Processor, type ProcessingJob, type ProcessingResult } from './types';

export interface WorkerPoolOptions extends RealProcessorOptions {
  /** Worker threads processing at the same time (default: cores − 1, at least 1). */
  concurrency?: number;
}

interface Pending {
  job: ProcessingJob;
  resolve: (result: ProcessingResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: { id: number; pending: Pending } | null;
}

const WORKER_URL = new URL('./processing-worker.ts', import.meta.url).href;

/**
 * tsx resolved from here, not by its bare name: an eval worker resolves bare names from the working folder, so an
 * emulator started from any other folder failed every order with "Cannot find package 'tsx'". The bare name stays
 * the fallback where import.meta.resolve is missing (some test runners).
 */
function tsxApiUrl(): string {
  try {
    return import.meta.resolve('tsx/esm/api');
  } catch {
    return 'tsx/esm/api';
  }
}

/**
 * Worker threads run TypeScript only with tsx's loader, which Node 20 does not
 * pass on to workers; each worker therefore registers tsx itself before
 * importing the processing module.
 */
const BOOT = `import(${JSON.stringify(tsxApiUrl())}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL)}); });`;

/**
 * Runs the real processor in worker threads so image work never blocks the
 * HTTP thread. Jobs queue in order; at most `concurrency` run at once.
 */
export class WorkerPoolProcessor implements Processor {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private readonly concurrency: number;
  private readonly options: RealProcessorOptions;
  private nextId = 1;
  private closed = false;

  constructor(options: WorkerPoolOptions = {}) {
    const { concurrency, ...processorOptions } = options;
    this.concurrency = Math.max(1, concurrency ?? availableParallelism() - 1);
    this.options = processorOptions;
  }

  process(job: ProcessingJob): Promise<ProcessingResult> {
    if (this.closed) return Promise.reject(new Error('The processing pool is closed.'));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('The processing pool is closed.'));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.busy === null);
      if (!slot && this.slots.length < this.concurrency) slot = this.spawn();
      if (!slot) return;
      const pending = this.queue.shift();
      if (!pending) return;
      const id = this.nextId++;
      slot.busy = { id, pending };
      // A running job keeps the process alive; an idle worker does not.
      slot.worker.ref();
      slot.worker.postMessage({ id, job: pending.job });
    }
  }

  private spawn(): Slot {
    const worker = new Worker(BOOT, { eval: true, workerData: this.options });
    const slot: Slot = { worker, busy: null };
    worker.on('message', (reply: WorkerReply) => {
      const busy = slot.busy;
      if (!busy || busy.id !== reply.id) return;
      slot.busy = null;
      worker.unref();
      if ('result' in reply) busy.pending.resolve(revive(reply.result));
      else if ('failure' in reply) busy.pending.reject(new ProcessingError(reply.failure.code, reply.failure.message));
      else busy.pending.reject(new Error(`Processing failed: ${reply.crash}`));
      this.dispatch();
    });
    // A dead worker fails only its own job; a fresh worker takes the next one.
    const retire = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      slot.busy?.pending.reject(error);
      slot.busy = null;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', retire);
    worker.on('exit', (code) => {
      if (!this.closed) retire(new Error(`Processing worker exited with code ${code}.`));
    });
    worker.unref();
    this.slots.push(slot);
    return slot;
  }
}

/** Structured clone turns Buffers into plain Uint8Arrays. */
function revive(result: ProcessingResult): ProcessingResult {
  if (result.kind !== 'image') return result;
  const output: Uint8Array = result.output;
  return { ...result, output: Buffer.from(output.buffer, output.byteOffset, output.byteLength) };
}
