import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listWebhookEvents } from '@/api/webhooks';
import { webhookKeys } from '@/lib/query-keys';
import { isInFlight } from '../lib/next-retry';

/**
 * One page of events as the service pages them: only for pages beyond the loaded deliveries (older events,
 * outside the health window). Re-reads every second while any row on the page is still being delivered.
 */
export function useWebhookEvents(id: number, page: number, limit: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: webhookKeys.events(id, page, limit),
    queryFn: ({ signal }) => listWebhookEvents(id, { page, limit }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.events.some((e) => isInFlight(e.status)) ? 1000 : false),
  });
}
