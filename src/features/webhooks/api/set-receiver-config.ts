import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setReceiverConfig } from '@/api/emulator';
import type { ReceiverConfig } from '@/api/schemas/emulator';
import { webhookKeys } from '@/lib/query-keys';

export function useSetReceiverConfig(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiverConfig) => setReceiverConfig(name, body),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.receiver(name) }),
  });
}
