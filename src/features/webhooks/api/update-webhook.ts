import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateWebhook } from '@/api/webhooks';
import type { UpdateWebhookRequest, Webhook } from '@/api/schemas/webhooks';
import { webhookKeys } from '@/lib/query-keys';

export function useUpdateWebhook(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWebhookRequest) => updateWebhook(id, body),
    onSuccess: (data) => {
      client.setQueryData(webhookKeys.detail(id), (old: Webhook | undefined) => (old ? { ...old, ...data } : old));
      void client.invalidateQueries({ queryKey: webhookKeys.lists() });
    },
  });
}
