import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteWebhook } from '@/api/webhooks';
import { webhookKeys } from '@/lib/query-keys';

export function useDeleteWebhook(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteWebhook(id),
    onSuccess: () => {
      client.removeQueries({ queryKey: webhookKeys.detail(id) });
      void client.invalidateQueries({ queryKey: webhookKeys.lists() });
    },
  });
}
