import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { isApiError } from '@/api/api-error';
import { deliveryAttemptsResponse, emulatorInfo, receiverRequestsResponse, type ReceiverConfig } from '@/api/schemas/emulator';
import { emulatorKeys, webhookKeys } from '@/lib/query-keys';
import { z } from 'zod';

/** /_emulator/info answers only on the emulator; a real service's 404 means "not the emulator", not an error. */
export const emulatorInfoQueryOptions = queryOptions({
  queryKey: emulatorKeys.info,
  queryFn: async ({ signal }) => {
    try {
      return await api({ prefix: '', path: '/_emulator/info', schema: emulatorInfo, signal });
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
    queryFn: ({ signal }) =>
      api({ prefix: '', path: `/_emulator/webhooks/${webhookId}/events/${eventId}/attempts`, schema: deliveryAttemptsResponse, signal }),
    refetchInterval: live ? 1000 : false,
  });
}

const receiverConfigResponse = z.object({ name: z.string(), status: z.number().int(), delayMs: z.number().int() });

export function useReceiverRequests(name: string) {
  return useQuery({
    queryKey: webhookKeys.receiver(name),
    queryFn: ({ signal }) =>
      api({ prefix: '', path: `/_emulator/receivers/${encodeURIComponent(name)}/requests`, schema: receiverRequestsResponse, signal }),
    refetchInterval: 2000,
  });
}

export function useSetReceiverConfig(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiverConfig) =>
      api({ method: 'PUT', prefix: '', path: `/_emulator/receivers/${encodeURIComponent(name)}/config`, body, schema: receiverConfigResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.receiver(name) }),
  });
}

export function useClearReceiver(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api({ method: 'DELETE', prefix: '', path: `/_emulator/receivers/${encodeURIComponent(name)}/requests`, schema: z.null() }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.receiver(name) }),
  });
}
