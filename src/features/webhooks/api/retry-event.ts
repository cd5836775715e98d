import { useMutation, useQueryClient } from '@tanstack/react-query';
import { retryWebhookEvent } from '@/api/webhooks';
import { webhookKeys } from '@/lib/query-keys';

export function useRetryEvent(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => retryWebhookEvent(id, eventId),
    onSettled: () => client.invalidateQueries({ queryKey: webhookKeys.detail(id) }),
  });
}
