import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listWebhookEvents } from '@/api/webhooks';
import type { DeliveryEvent, ListEventsResponse } from '@/api/schemas/webhooks';
import { webhookKeys } from '@/lib/query-keys';
import { computeHealth, HEALTH_WINDOW, type WebhookHealth } from '../lib/webhook-health';
import { isInFlight } from '../lib/next-retry';
import { useIsEmulator } from './get-emulator-info';
import { recentAttemptsQueryOptions } from './get-recent-attempts';

/**
 * The newest HEALTH_WINDOW events (one page). Filters and searches over every page read their own pages
 * (walk-events.ts). Health, the events table and the diagnosis all read this one answer, so they can never disagree,
 * and it is re-read every second while a delivery is still in flight.
 */
export function deliveriesQueryOptions(id: number) {
  return queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }): Promise<ListEventsResponse> => listWebhookEvents(id, { page: 1, limit: HEALTH_WINDOW }, signal),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.events.some((e) => isInFlight(e.status)) ? 1000 : false),
  });
}

export interface Deliveries {
  /** The loaded events, newest first: the newest HEALTH_WINDOW. */
  events: DeliveryEvent[];
  /** Every event the webhook has, loaded or not. */
  total: number;
  health: WebhookHealth | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * One webhook's deliveries and the health computed from them (with, on the emulator, the latency of
 * its recent attempts; simply absent on a real service or when that read fails).
 */
export function useDeliveries(id: number): Deliveries {
  const emulator = useIsEmulator();
  const query = useQuery(deliveriesQueryOptions(id));
  const events = query.data?.events ?? [];
  const attempts = useQuery({ ...recentAttemptsQueryOptions(id, events), enabled: emulator && query.data !== undefined });
  const durations = emulator && attempts.data ? attempts.data.attempts.map((a) => a.durationMs) : null;
  return {
    events,
    total: query.data?.pagination.total ?? 0,
    health: query.data ? computeHealth(events, durations) : undefined,
    isPending: query.isPending,
    isFetching: query.isFetching,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

/** The list page's one-line health per webhook: the same query the detail page reads. */
export function useWebhookHealth(id: number): Pick<Deliveries, 'health' | 'isPending' | 'error' | 'refetch'> {
  return useDeliveries(id);
}
