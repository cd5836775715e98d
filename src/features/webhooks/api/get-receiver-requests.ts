import { useQuery } from '@tanstack/react-query';
import { listReceiverRequests } from '@/api/emulator';
import { webhookKeys } from '@/lib/query-keys';

export function useReceiverRequests(name: string) {
  return useQuery({
    queryKey: webhookKeys.receiver(name),
    queryFn: ({ signal }) => listReceiverRequests(name, signal),
    refetchInterval: 2000,
  });
}
