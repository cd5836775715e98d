import type { EmulatorContext } from '../context';
import { randomToken } from '../shared/random';
import type { Processor } from '../processing/types';
import { setTimeout as sleep } from 'node:timers/promises';
import { storageFaultOf } from '../storage/storage-errors';
import { claimJob, handBackJob, HEARTBEAT_MS, reclaimAbandoned, touchJob, type JobRow } from './job-queue';
import { runFetchStage, runOrderJob } from './order-processor';

/** Idle workers look for work this often; a new job also wakes them at once. */
const POLL_MS = 250;
/**
 * Downloads of URL-mode images run in their own loops, apart from the processing slots: two slow URLs once held
 * both slots, and another account's uploaded order waited 15 s instead of 0.3 s.
 */
export const URL_FETCH_CONCURRENCY = 4;
/** After a storage fault: how soon to try again. */
const STORAGE_RETRY_MS = 1_000;

/**
 * ctx.config.jobConcurrency loops claim jobs from the SQLite queue. Each run
 * has its own id; jobs still 'running' under another id were left by a
 * process that died, and go back to the queue at start. Their wake-up is ctx.orderWorkers: whoever queues a job
 * (upload, confirm, URL-mode creation) calls ctx.orderWorkers?.wake() so processing starts without waiting for a poll.
 */
export function startOrderWorkers(ctx: EmulatorContext, processor: Processor): void {
  const runId = `run_${randomToken(12)}`;
  reclaimAbandoned(ctx.db, runId);
  const stop = new AbortController();
  let sleepers: Array<() => void> = [];
  const wake = () => {
    const waiting = sleepers;
    sleepers = [];
    for (const resolve of waiting) resolve();
  };
  ctx.orderWorkers = { wake };

  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        sleepers = sleepers.filter((s) => s !== done);
        resolve();
      }, POLL_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      sleepers.push(done);
    });

  const pause = (ms: number) => sleep(ms, undefined, { signal: stop.signal }).catch(() => undefined);

  /** Gives a job back after a storage fault, retrying the write itself until the disk takes it again. */
  const handBack = async (job: JobRow) => {
    while (!stop.signal.aborted) {
      try {
        handBackJob(ctx.db, job.id, runId);
        return;
      } catch {
        await pause(STORAGE_RETRY_MS);
      }
    }
  };

  const loop = (stage: 'process' | 'fetch') => async () => {
    while (!stop.signal.aborted) {
      let job: JobRow | undefined;
      try {
        job = claimJob(ctx.db, runId, Date.now(), stage);
      } catch (error) {
        // Claiming writes too: on a full disk, wait and try again rather than let the loop die.
        if (!stop.signal.aborted) console.error('emulator: could not claim a job', (error as Error).message);
        await pause(STORAGE_RETRY_MS);
        continue;
      }
      if (!job) {
        await idle();
        continue;
      }
      const claimed = job;
      const heartbeat = setInterval(() => {
        try {
          touchJob(ctx.db, claimed.id, runId);
        } catch {
          // A full disk: the lease then runs out by itself, in seconds.
        }
      }, HEARTBEAT_MS);
      try {
        if (stage === 'process') await runOrderJob(ctx, processor, job, stop.signal);
        // Downloaded: the job is queued again for a processing slot.
        else if ((await runFetchStage(ctx, job, stop.signal)) === 'fetched') wake();
      } catch (error) {
        if (stop.signal.aborted) continue;
        if (storageFaultOf(error)) {
          // The disk is full or failing: not the order's fault. Back to the queue, tried again once writes succeed.
          console.error(`emulator: storage fault on order ${job.order_id}, will retry:`, (error as Error).message);
          await handBack(job);
          await pause(STORAGE_RETRY_MS);
        } else {
          console.error('emulator: order worker error', error);
        }
      } finally {
        clearInterval(heartbeat);
      }
    }
  };
  const loops = [
    ...Array.from({ length: ctx.config.jobConcurrency }, loop('process')),
    ...Array.from({ length: URL_FETCH_CONCURRENCY }, loop('fetch')),
  ];

  ctx.onClose(async () => {
    stop.abort();
    wake();
    ctx.orderWorkers = undefined;
    await Promise.all(loops);
    await processor.close?.();
  });
}
