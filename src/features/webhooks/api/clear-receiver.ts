import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearReceiverRequests } from '@/api/emulator';
import { webhookKeys } from '@/lib/query-keys';

export function useClearReceiver(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => clearReceiverRequests(name),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.receiver(name) }),
  });
}
