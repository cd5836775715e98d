import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listWebhooks, type WebhooksQuery } from '@/api/webhooks';
import { webhookKeys } from '@/lib/query-keys';
import { useDeferredQuery } from '@/lib/use-deferred-query';

export type { WebhooksQuery };

export function webhooksQueryOptions(query: WebhooksQuery) {
  return queryOptions({
    queryKey: webhookKeys.list(query),
    queryFn: ({ signal }) => listWebhooks(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
export function useWebhooks(query: WebhooksQuery) {
  return useDeferredQuery(useQuery(webhooksQueryOptions(query)));
}
