import { useQuery } from '@tanstack/react-query';
import { listEventAttempts } from '@/api/emulator';
import { webhookKeys } from '@/lib/query-keys';

export function useDeliveryAttempts(webhookId: number, eventId: number, live: boolean) {
  return useQuery({
    queryKey: webhookKeys.attempts(webhookId, eventId),
    queryFn: ({ signal }) => listEventAttempts(webhookId, eventId, signal),
    refetchInterval: live ? 1000 : false,
  });
}
