import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { WEBHOOK_RETRY_DELAYS_S } from '@/api/limits';
import type { DeliveryEvent } from '@/api/schemas/webhooks';

export const MAX_RETRIES = WEBHOOK_RETRY_DELAYS_S.length;

/**
 * The service's `retries` counts every send after the first: the automatic ones (at most 3) and each re-send by
 * hand (Retry, re-send failed), so the table shows the same figure as the API and the exports, and splits it when
 * re-sends are in it: "2 of 3", "6 (3 automatic, 3 re-sent)". Called during render, in the active language.
 */
export function formatRetries(retries: number, max: number = MAX_RETRIES): string {
  const done = retries;
  if (done <= max) return i18n._(msg`${done} of ${max}`);
  const resent = retries - max;
  return i18n._(msg`${retries} (${max} automatic, ${resent} re-sent)`);
}

export interface NextRetry {
  at: Date;
  /** true when computed from the schedule rather than told by the emulator. */
  approximate: boolean;
}

/**
 * When the next automatic attempt is due: the emulator's nextAttemptAt when known,
 * otherwise lastSentAt + the delay for the retry that comes next. Null when none is due.
 */
export function nextRetryDue(
  event: Pick<DeliveryEvent, 'status' | 'retries' | 'lastSentAt'>,
  nextAttemptAt?: string | null,
): NextRetry | null {
  if (event.status !== 'PENDING' && event.status !== 'RETRYING') return null;
  if (nextAttemptAt) return { at: new Date(nextAttemptAt), approximate: false };
  if (!event.lastSentAt) return null;
  const delay = WEBHOOK_RETRY_DELAYS_S[event.retries];
  if (delay === undefined) return null;
  return { at: new Date(Date.parse(event.lastSentAt) + delay * 1000), approximate: true };
}

export function isInFlight(status: DeliveryEvent['status']): boolean {
  return status === 'PENDING' || status === 'RETRYING';
}
