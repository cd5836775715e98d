import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/api-error';
import { clearReceiverRequests, getEmulatorInfo, listEventAttempts, listReceiverRequests, setReceiverConfig } from '@/api/emulator';
import type { ReceiverConfig } from '@/api/schemas/emulator';
import { emulatorKeys, webhookKeys } from '@/lib/query-keys';

/** /_emulator/info answers only on the emulator; a real service's 404 means "not the emulator", not an error. */
export const emulatorInfoQueryOptions = queryOptions({
  queryKey: emulatorKeys.info,
  queryFn: async ({ signal }) => {
    try {
      return await getEmulatorInfo(signal);
    } catch (error) {
      if (isApiError(error) && (error.kind !== 'network')) return null;
      throw error;
    }
  },
  staleTime: Infinity,
  retry: false,
});

export function useIsEmulator(): boolean {
  return useQuery(emulatorInfoQueryOptions).data != null;
}

export function useDeliveryAttempts(webhookId: number, eventId: number, live: boolean) {
  return useQuery({
    queryKey: webhookKeys.attempts(webhookId, eventId),
    queryFn: ({ signal }) => listEventAttempts(webhookId, eventId, signal),
    refetchInterval: live ? 1000 : false,
  });
}

export function useReceiverRequests(name: string) {
  return useQuery({
    queryKey: webhookKeys.receiver(name),
    queryFn: ({ signal }) => listReceiverRequests(name, signal),
    refetchInterval: 2000,
  });
}

export function useSetReceiverConfig(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiverConfig) => setReceiverConfig(name, body),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.receiver(name) }),
  });
}

export function useClearReceiver(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => clearReceiverRequests(name),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.receiver(name) }),
  });
}
