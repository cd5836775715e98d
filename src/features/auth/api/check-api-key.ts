import { useMutation } from '@tanstack/react-query';
import { isMissingEndpoint } from '@/api/api-error';
import { api } from '@/api/client';
import { listOrdersResponse } from '@/api/schemas/orders';
import { listWebhooksResponse } from '@/api/schemas/webhooks';
import { sessionStore } from '../session';

/** One cheap authenticated read with the key before accepting it; older services may lack the orders list. */
export async function checkApiKey(apiKey: string): Promise<void> {
  try {
    await api({ path: '/orders', query: { limit: 1 }, schema: listOrdersResponse, token: apiKey });
  } catch (error) {
    if (!isMissingEndpoint(error)) throw error;
    await api({ path: '/orders/webhooks', query: { limit: 1 }, schema: listWebhooksResponse, token: apiKey });
  }
}

export function useApiKeySignIn() {
  return useMutation({
    mutationFn: async (apiKey: string) => {
      await checkApiKey(apiKey);
      return apiKey;
    },
    onSuccess: (apiKey) => {
      sessionStore.start({ token: apiKey, expiresAt: null, method: 'apiKey', signedInAt: Date.now(), account: null });
    },
  });
}
