import { FINISHED_STATUSES, type OrderStatus } from '@/api/schemas/orders';

export const POLL_START_MS = 1_000;
export const POLL_MAX_MS = 10_000;
export const POLL_FACTOR = 1.5;

export function isFinished(status: OrderStatus): boolean {
  return FINISHED_STATUSES.includes(status);
}

/**
 * The next wait before reading an unfinished order again: quick at first (most orders finish in seconds),
 * then backing off so a long job does not hammer the service. `false` stops polling for good.
 */
export function nextPollInterval(previous: number | null, status: OrderStatus | undefined): number | false {
  if (status && isFinished(status)) return false;
  if (previous === null) return POLL_START_MS;
  return Math.min(Math.round(previous * POLL_FACTOR), POLL_MAX_MS);
}
