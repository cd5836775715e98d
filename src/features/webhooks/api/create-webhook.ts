import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createWebhook } from '@/api/webhooks';
import type { CreateWebhookRequest } from '@/api/schemas/webhooks';
import { webhookKeys } from '@/lib/query-keys';

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) => createWebhook(body),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.lists() }),
  });
}
