import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWebhook } from '@/api/webhooks';
import { webhookKeys } from '@/lib/query-keys';
import { useDeferredQuery } from '@/lib/use-deferred-query';

export function webhookQueryOptions(id: number) {
  return queryOptions({
    queryKey: webhookKeys.detail(id),
    queryFn: ({ signal }) => getWebhook(id, signal),
  });
}
export function useWebhook(id: number | undefined) {
  return useDeferredQuery(useQuery({ ...webhookQueryOptions(id ?? 0), enabled: id !== undefined }));
}
