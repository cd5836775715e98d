import { setTimeout as sleep } from 'node:timers/promises';
import type { EmulatorContext } from '../context';
import { filesOf, getOrder, type FileRow, type OrderRow } from '../domain/orders-repo';
import { ProcessingError, type ProcessingJob, type ProcessingResult, type Processor, type Strength } from '../processing/types';
import { safeName } from '../shared/storage-keys';
import { readStored, writeBuffer } from '../storage/file-store';
import { storageFaultOf } from '../storage/storage-errors';
import { FetchImageError, fetchImage } from './fetch-image';
import { handBackJob, releaseJob, touchJob, type JobRow } from './job-queue';
import { finishOrder, type Outcome } from './order-finish';

/** Stopped: the emulator is closing; the job stays claimed and the next start reclaims it. */
class Stopped extends Error {}

const label = (index: number, file: FileRow) => `file ${index + 1} (${file.file_name})`;

async function inputBytes(ctx: EmulatorContext, file: FileRow, index: number, stop: AbortSignal): Promise<Buffer> {
  if (file.stored_path) return readStored(ctx.config.dataDir, file.stored_path);
  if (!file.source_url) throw new ProcessingError('IMAGE_EMPTY', `${label(index, file)}: the file was never uploaded`);
  try {
    const bytes = await fetchImage(file.source_url, { maxBytes: ctx.config.uploadMaxBytes, timeoutMs: ctx.config.urlFetchTimeoutMs }, stop);
    // Kept like an upload, so a restart does not download again and the thumbnail has a source.
    const stored = `inputs/${file.order_id}/${file.id}-${safeName(file.file_name)}`;
    writeBuffer(ctx.config.dataDir, stored, bytes);
    ctx.db.prepare('UPDATE order_files SET stored_path = ?, size = ? WHERE id = ?').run(stored, bytes.length, file.id);
    return bytes;
  } catch (error) {
    if (stop.aborted) throw new Stopped();
    if (error instanceof FetchImageError) throw new FetchImageError(error.code, `${label(index, file)}: ${error.message}`);
    throw error;
  }
}

/** Zero copy: the result goes to the customer's presigned URL; nothing is kept here. */
async function putToTarget(ctx: EmulatorContext, file: FileRow, index: number, output: Buffer, contentType: string, stop: AbortSignal) {
  let status: number;
  try {
    const response = await fetch(file.output_url!, {
      method: 'PUT',
      body: new Uint8Array(output),
      headers: { 'Content-Type': contentType },
      signal: AbortSignal.any([AbortSignal.timeout(ctx.config.urlFetchTimeoutMs), stop]),
    });
    await response.body?.cancel();
    status = response.status;
  } catch (error) {
    if (stop.aborted) throw new Stopped();
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new OutputTargetError(`${label(index, file)}: the output target could not be reached (${cause})`);
  }
  if (status < 200 || status >= 300) {
    throw new OutputTargetError(`${label(index, file)}: the output target answered ${status}`);
  }
}

export class OutputTargetError extends Error {}

async function delay(ctx: EmulatorContext, stop: AbortSignal) {
  if (ctx.config.processingDelayMs <= 0) return;
  try {
    await sleep(ctx.config.processingDelayMs, undefined, { signal: stop });
  } catch {
    throw new Stopped();
  }
}

/** Every processor's input errors name the file, so a 100-file order says which one was broken. */
async function processNamed(processor: Processor, index: number, file: FileRow, job: ProcessingJob): Promise<ProcessingResult> {
  try {
    return await processor.process(job);
  } catch (error) {
    if (error instanceof ProcessingError && !error.message.startsWith(label(index, file))) {
      throw new ProcessingError(error.code, `${label(index, file)}: ${error.message}`);
    }
    throw error;
  }
}

async function processFiles(ctx: EmulatorContext, processor: Processor, order: OrderRow, job: JobRow, stop: AbortSignal): Promise<Outcome> {
  const { db } = ctx;
  const files = filesOf(db, order.id);
  const inputs = files.filter((f) => f.role === 'input');
  for (const [index, file] of inputs.entries()) {
    if (stop.aborted) throw new Stopped();
    // Files finished before a restart are not processed again.
    if (file.processed_at) continue;
    const input = await inputBytes(ctx, file, index, stop);
    await delay(ctx, stop);
    if (order.type === 'watermarkExtract') {
      const originalRow = files.find((f) => f.role === 'original');
      const original = originalRow ? await inputBytes(ctx, originalRow, 0, stop) : undefined;
      const result = await processNamed(processor, index, file, { kind: 'watermarkExtract', input, fileName: file.file_name, original });
      if (result.kind !== 'extract' || result.payload === null) return { status: 'undetected' };
      const found = db.prepare('SELECT texts FROM watermark_payloads WHERE payload = ?').get(result.payload) as { texts: string } | undefined;
      if (!found) return { status: 'undetected' };
      return { status: 'detected', watermarkText: (JSON.parse(found.texts) as string[]).join('\n') };
    }
    const result =
      order.type === 'antiAi'
        ? await processNamed(processor, index, file, { kind: 'antiAi', input, fileName: file.file_name, strength: (order.strength ?? 'high') as Strength })
        : await processNamed(processor, index, file, { kind: 'watermarkEmbed', input, fileName: file.file_name, payload: file.payload! });
    if (result.kind !== 'image') throw new Error(`processor returned ${result.kind} for ${order.type}`);
    let resultPath: string | null = null;
    if (file.output_url) {
      await putToTarget(ctx, file, index, result.output, result.contentType, stop);
    } else {
      resultPath = `results/${order.id}/${file.id}-${safeName(file.file_name)}`;
      writeBuffer(ctx.config.dataDir, resultPath, result.output);
    }
    db.prepare('UPDATE order_files SET result_path = ?, processed_at = ? WHERE id = ?').run(resultPath, new Date().toISOString(), file.id);
    touchJob(db, job.id, job.claimed_by!);
  }
  return { status: 'complete' };
}

export const MAX_ATTEMPTS = 3;

/**
 * Runs one claimed job to its end. Input faults (unreadable image, URL that
 * fails, output target that refuses) fail the order; a stop leaves the job
 * for the next start; anything else is retried up to MAX_ATTEMPTS.
 */
export async function runOrderJob(
  ctx: EmulatorContext,
  processor: Processor,
  job: JobRow,
  stop: AbortSignal,
): Promise<'finished' | 'stopped' | 'retry'> {
  const claim = { id: job.id, runId: job.claimed_by! };
  const order = getOrder(ctx.db, job.order_id);
  if (!order || order.status !== 'inProgress') {
    finishOrder(ctx, job.order_id, claim, { status: 'failed', code: 'SERVER_INTERNAL_ERROR', message: 'order vanished' });
    return 'finished';
  }
  let outcome: Outcome;
  try {
    outcome = await processFiles(ctx, processor, order, job, stop);
  } catch (error) {
    if (error instanceof Stopped) return 'stopped';
    // A full or failing disk is no fault of the order: not an attempt; the worker hands the job back.
    if (storageFaultOf(error)) throw error;
    if (error instanceof ProcessingError || error instanceof FetchImageError) {
      outcome = { status: 'failed', code: error.code, message: error.message };
    } else if (error instanceof OutputTargetError) {
      outcome = { status: 'failed', code: 'OUTPUT_TARGET_FAILED', message: error.message };
    } else if (job.attempts < MAX_ATTEMPTS) {
      console.error(`emulator: order ${order.id} attempt ${job.attempts} failed, will retry`, error);
      releaseJob(ctx.db, job.id, claim.runId, error instanceof Error ? (error.stack ?? error.message) : String(error));
      return 'retry';
    } else {
      const reason = error instanceof Error ? error.message : String(error);
      outcome = { status: 'failed', code: 'SERVER_INTERNAL_ERROR', message: `processing failed unexpectedly: ${reason}` };
    }
  }
  finishOrder(ctx, order.id, claim, outcome);
  return 'finished';
}

/**
 * The fetch stage of a URL-mode order: downloads (and stores) every image not here yet, then hands the job back to
 * the queue for a processing slot. A URL that fails fails the order, as it would while processing.
 */
export async function runFetchStage(ctx: EmulatorContext, job: JobRow, stop: AbortSignal): Promise<'fetched' | 'finished' | 'stopped' | 'retry'> {
  const claim = { id: job.id, runId: job.claimed_by! };
  const order = getOrder(ctx.db, job.order_id);
  if (!order || order.status !== 'inProgress') {
    finishOrder(ctx, job.order_id, claim, { status: 'failed', code: 'SERVER_INTERNAL_ERROR', message: 'order vanished' });
    return 'finished';
  }
  try {
    const inputs = filesOf(ctx.db, order.id).filter((f) => f.role === 'input');
    for (const [index, file] of inputs.entries()) {
      if (file.source_url && !file.stored_path && !file.processed_at) await inputBytes(ctx, file, index, stop);
    }
  } catch (error) {
    if (error instanceof Stopped) return 'stopped';
    if (storageFaultOf(error)) throw error;
    if (error instanceof FetchImageError) {
      finishOrder(ctx, order.id, claim, { status: 'failed', code: error.code, message: error.message });
      return 'finished';
    }
    if (job.attempts < MAX_ATTEMPTS) {
      console.error(`emulator: order ${order.id} fetch attempt ${job.attempts} failed, will retry`, error);
      releaseJob(ctx.db, job.id, claim.runId, error instanceof Error ? (error.stack ?? error.message) : String(error));
      return 'retry';
    }
    const reason = error instanceof Error ? error.message : String(error);
    finishOrder(ctx, order.id, claim, { status: 'failed', code: 'SERVER_INTERNAL_ERROR', message: `processing failed unexpectedly: ${reason}` });
    return 'finished';
  }
  handBackJob(ctx.db, job.id, claim.runId);
  return 'fetched';
}
