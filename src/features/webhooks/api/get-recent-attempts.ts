import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { isMissingEndpoint } from '@/api/api-error';
import { listWebhookAttempts } from '@/api/emulator';
import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { WEBHOOK_ATTEMPTS_DEFAULT } from '@/api/limits';
import { webhookKeys } from '@/lib/query-keys';
import { HEALTH_WINDOW } from '../lib/webhook-health';

/** Changes whenever an event is added or moves on, so the attempts are re-read exactly when the events change. */
function fingerprint(events: readonly DeliveryEvent[]): string {
  let hash = 5381;
  for (const e of events.slice(0, HEALTH_WINDOW)) {
    for (const ch of `${e.id}:${e.status}:${e.retries};`) hash = ((hash << 5) + hash + ch.charCodeAt(0)) | 0;
  }
  return `${events.length}-${(hash >>> 0).toString(36)}`;
}

/** Emulator-only; a 404/405 from a service without the endpoint means "no latency", not an error. */
export function recentAttemptsQueryOptions(id: number, events: readonly DeliveryEvent[]) {
  return queryOptions({
    queryKey: webhookKeys.recentAttempts(id, WEBHOOK_ATTEMPTS_DEFAULT, fingerprint(events)),
    queryFn: async ({ signal }) => {
      try {
        return await listWebhookAttempts(id, WEBHOOK_ATTEMPTS_DEFAULT, signal);
      } catch (error) {
        if (isMissingEndpoint(error)) return null;
        throw error;
      }
    },
    staleTime: Infinity,
    // A new fingerprint is a new key: the previous latency stands in until the new one arrives.
    placeholderData: keepPreviousData,
  });
}
