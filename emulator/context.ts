import type { OrderType } from '../src/api/schemas/orders';
import type { EmulatorConfig } from './config';
import type { Db } from './db/database';
import type { Account } from './domain/accounts';
import type { TokenService } from './domain/tokens';

/** What the orders area tells the rest when an order reaches complete, detected, undetected or failed. */
export interface OrderFinishedEvent {
  accountId: number;
  orderId: string;
  orderName: string;
  type: OrderType;
  status: 'complete' | 'detected' | 'undetected' | 'failed';
  createdAt: string;
  /** completedAt or failedAt, ISO 8601 with milliseconds. */
  finishedAt: string;
  fileCount: number;
  /** A fresh presigned download URL valid one hour (completed orders). */
  downloadUrl?: string;
  error?: { code: string; message: string };
  watermarkFound?: boolean;
  watermarkText?: string;
}

/** What request handlers may ask of the webhook delivery scheduler (webhooks/delivery-worker.ts). */
export interface DeliveryScheduler {
  /** Wakes it after a change that may make events due (a webhook switched back on). */
  kick(): void;
  /** Takes an event for a manual retry so two sends of it never overlap; false when it is in flight or stopping. */
  claim(eventId: number): boolean;
  release(eventId: number): void;
  /** Aborted when the emulator stops, so attempts on the request path end too. */
  readonly stopSignal: AbortSignal;
}

/** Wakes the order workers (jobs/order-workers.ts) after a job is queued, so processing starts without a poll. */
export interface OrderWorkers {
  wake(): void;
}

/** A keyword's matching orders (row ids, newest first) and the account's order_changes version they were read at. */
export interface KeptSearch {
  version: number;
  ids: number[];
}

/**
 * What every route module gets, and all the state of one emulator: no module-level maps or sets, so tests can run
 * many emulators side by side in one process. Module-level values elsewhere are constants, or caches that are pure
 * functions of their input (each says so).
 */
export interface EmulatorContext {
  db: Db;
  config: EmulatorConfig;
  tokens: TokenService;
  /** Base of every URL the emulator hands out (presigned storage, downloads). */
  publicUrl: string;
  /**
   * Base of presigned storage URLs when storage has its own origin (EMULATOR_STORAGE_PORT); absent: `publicUrl`.
   * Optional so that tools that only write data need not name it.
   */
  storageUrl?: string;
  /**
   * Called synchronously inside the transaction that finishes an order, so
   * whatever a listener writes (webhook delivery events) commits with the
   * order or not at all. Listeners must not await; they may schedule work.
   */
  orderFinishedListeners: Array<(event: OrderFinishedEvent) => void>;
  /**
   * Hands an order to processing. The orders domain calls it inside the transaction that moves the order to
   * inProgress, so the job commits with the status or not at all; the job queue is plugged in here (server.ts)
   * so the domain never imports it.
   */
  queueOrder: (orderId: string) => void;
  /**
   * The webhook delivery scheduler, kept here rather than in a module-level map so each emulator has its own.
   * Set when the background workers start (startWorkers); absent before that and in tools that only write data.
   */
  deliveries?: DeliveryScheduler;
  /**
   * The order workers, kept here rather than in a module-level map so each emulator has its own. Set when they start
   * (startWorkers), unset when they stop; absent in tools that only write data.
   */
  orderWorkers?: OrderWorkers;
  /**
   * The latest keyword searches of GET /orders (domain/orders-repo.ts), in use order: paging through a search reads
   * its matches once. Created on the first search, so tools that only write data need not name it.
   */
  keptSearches?: Map<string, KeptSearch>;
  /** Background workers register a stop function; close() awaits them before the database closes. */
  onClose: (stop: () => Promise<void> | void) => void;
}

/**
 * channel: how the request signed in; orders record it. 'web' for an access
 * token from the login endpoint (a person at the dashboard), 'api' for an API
 * key (a customer's program). docs/interface-decisions.md.
 */
export type AppEnv = { Variables: { account: Account; channel: 'api' | 'web' } };
