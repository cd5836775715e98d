import { useRef } from 'react';
import { useQueries } from '@tanstack/react-query';
import { listEventAttempts } from '@/api/emulator';
import type { DeliveryAttempt } from '@/api/schemas/emulator';
import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { webhookKeys } from '@/lib/query-keys';
import { DIAGNOSIS_ATTEMPTS_CAP, isFailure } from '../lib/diagnose';

export interface FailureAttempts {
  /** Attempts by event id, for the events whose attempts have arrived. */
  attempts: Map<number, DeliveryAttempt[]>;
  /** Events whose attempts are still on their way (their diagnosis waits). */
  pending: Set<number>;
  /** Failed events beyond the cap, diagnosed without attempts. */
  skipped: number;
}

/**
 * Emulator only. An event's attempts change only when an attempt is recorded,
 * which also changes its status, retries or lastSentAt: with those in the key
 * each entry never goes stale, so polling the events list is all it takes.
 */
export function useFailureAttempts(webhookId: number, events: DeliveryEvent[], enabled: boolean): FailureAttempts {
  const failed = enabled ? events.filter(isFailure) : [];
  const read = failed.slice(0, DIAGNOSIS_ATTEMPTS_CAP);
  const results = useQueries({
    queries: read.map((event) => ({
      queryKey: webhookKeys.diagnosisAttempts(webhookId, event.id, event),
      queryFn: ({ signal }: { signal: AbortSignal }) => listEventAttempts(webhookId, event.id, signal),
      staleTime: Infinity,
      // The row falls back to what the service says; one failed read is not worth a retry storm over 25 rows.
      retry: false,
    })),
  });
  // A new attempt means a new key; until it loads, the previous attempts stand in, so a retrying row does not flicker.
  const previous = useRef(new Map<number, DeliveryAttempt[]>());
  const attempts = new Map<number, DeliveryAttempt[]>();
  const pending = new Set<number>();
  read.forEach((event, i) => {
    const result = results[i];
    const known = result?.data?.attempts ?? previous.current.get(event.id);
    if (known) attempts.set(event.id, known);
    else if (result?.isPending) pending.add(event.id);
  });
  previous.current = attempts;
  return { attempts, pending, skipped: failed.length - read.length };
}
