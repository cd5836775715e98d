import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { isApiError } from '@/api/api-error';
import { listEventsResponse } from '@/api/schemas/webhooks';
import { webhookAttemptsResponse, WEBHOOK_ATTEMPTS_DEFAULT } from '@/api/schemas/webhook-health';
import { webhookKeys } from '@/lib/query-keys';
import { computeHealth, HEALTH_WINDOW, type WebhookHealth } from '../lib/webhook-health';
import { isInFlight } from '../lib/next-retry';
import { useIsEmulator } from './emulator-api';

// Under detail(id), so a retry (which invalidates the detail) refreshes the health too.
const healthKeys = {
  events: (id: number) => [...webhookKeys.detail(id), 'health', 'events', HEALTH_WINDOW] as const,
  attempts: (id: number) => [...webhookKeys.detail(id), 'health', 'attempts', WEBHOOK_ATTEMPTS_DEFAULT] as const,
};

/** The newest HEALTH_WINDOW events; re-read every 2 s while one is still being delivered. */
export function recentEventsQueryOptions(id: number) {
  return queryOptions({
    queryKey: healthKeys.events(id),
    queryFn: ({ signal }) =>
      api({ path: `/orders/webhooks/${id}/events`, query: { page: 1, limit: HEALTH_WINDOW }, schema: listEventsResponse, signal }),
    staleTime: 15_000,
    refetchInterval: (query) => (query.state.data?.events.some((e) => isInFlight(e.status)) ? 2000 : false),
  });
}

/** Emulator-only; a 404/405 from a service without the endpoint means "no latency", not an error. */
export function recentAttemptsQueryOptions(id: number) {
  return queryOptions({
    queryKey: healthKeys.attempts(id),
    queryFn: async ({ signal }) => {
      try {
        return await api({ prefix: '', path: `/_emulator/webhooks/${id}/attempts`, query: { limit: WEBHOOK_ATTEMPTS_DEFAULT }, schema: webhookAttemptsResponse, signal });
      } catch (error) {
        if (isApiError(error) && error.kind === 'http' && (error.status === 405 || (error.status === 404 && error.code !== 'WEBHOOK_NOT_FOUND'))) return null;
        throw error;
      }
    },
    staleTime: 15_000,
  });
}

export interface HealthQuery {
  health: WebhookHealth | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * Health of one webhook from its recent events and, on the emulator, its recent attempts.
 * The latency line is simply absent when attempts are not available (a real service, or an error there).
 */
export function useWebhookHealth(id: number): HealthQuery {
  const emulator = useIsEmulator();
  const events = useQuery(recentEventsQueryOptions(id));
  // Attempts change with the events: refresh them whenever a newer events answer arrives.
  const attempts = useQuery({ ...recentAttemptsQueryOptions(id), enabled: emulator, refetchInterval: events.data?.events.some((e) => isInFlight(e.status)) ? 2000 : false });
  const durations = emulator && attempts.data ? attempts.data.attempts.map((a) => a.durationMs) : null;
  return {
    health: events.data ? computeHealth(events.data.events, durations) : undefined,
    isPending: events.isPending,
    error: events.error,
    refetch: () => void events.refetch(),
  };
}
