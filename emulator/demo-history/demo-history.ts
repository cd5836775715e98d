import { setTimeout as sleep } from 'node:timers/promises';
import type { EmulatorContext } from '../context';
import { getSetting, setSetting } from '../db/database';
import { findAccountByEmail, type Account } from '../domain/accounts';
import { backdateDeliveries, deliverHistory } from './history-deliveries';
import { allOrdersFinished, backdateOrders, createDependentOrders, createIndependentOrders } from './history-orders';

const STATE = 'demo-history:state';
const CLOCK = 'demo-history:now';
const POLL_MS = 100;

/**
 * First start, synchronously: the orders that need nothing else, created
 * and queued in a moment. The job queue then processes them like any
 * customer's orders while the emulator already answers.
 */
export function planDemoHistory(ctx: EmulatorContext, account: Account, now = Date.now()): void {
  setSetting(ctx.db, CLOCK, String(now));
  setSetting(ctx.db, STATE, 'processing');
  createIndependentOrders(ctx, account, now);
}

export function demoHistoryState(ctx: EmulatorContext): 'processing' | 'done' | undefined {
  return getSetting(ctx.db, STATE) as 'processing' | 'done' | undefined;
}

/** Waits until `ready()` holds; false when stopped first. */
async function until(ready: () => boolean, stop: AbortSignal): Promise<boolean> {
  while (!ready()) {
    if (stop.aborted) return false;
    try {
      await sleep(POLL_MS, undefined, { signal: stop });
    } catch {
      return false;
    }
  }
  return !stop.aborted;
}

/**
 * The rest of the history, in the background and resumable at every step
 * (each records what it did in the same transaction as its work): the
 * extract that reads an embed's result, the wait for processing, moving the
 * orders back in time, then the webhook deliveries and their times.
 */
async function finishDemoHistory(ctx: EmulatorContext, stop: AbortSignal): Promise<void> {
  if (demoHistoryState(ctx) !== 'processing') return;
  const account = findAccountByEmail(ctx.db, 'demo@example.com');
  if (!account) return;
  const now = Number(getSetting(ctx.db, CLOCK));
  if (!(await until(() => createDependentOrders(ctx, account), stop))) return;
  if (!(await until(() => allOrdersFinished(ctx), stop))) return;
  backdateOrders(ctx, account, now);
  if (!(await deliverHistory(ctx, account, now, stop))) return;
  ctx.db.transaction(() => {
    backdateDeliveries(ctx, now);
    setSetting(ctx.db, STATE, 'done');
  })();
}

/** Starts (or resumes after a restart) the background part; the promise settles when the history is complete or the emulator stops. */
export function startDemoHistory(ctx: EmulatorContext): Promise<void> {
  const stop = new AbortController();
  const run = finishDemoHistory(ctx, stop.signal).catch((error: unknown) => {
    if (!stop.signal.aborted) console.error('emulator: demo history stopped with an error; it resumes on the next start', error);
  });
  ctx.onClose(async () => {
    stop.abort();
    await run;
  });
  return run;
}
