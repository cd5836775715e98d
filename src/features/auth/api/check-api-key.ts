import { isMissingEndpoint } from '@/api/api-error';
import { api } from '@/api/client';
import { useAsyncAction } from '@/lib/use-async-action';
import { sessionStore } from '../session';

/**
 * One cheap authenticated read with the key before accepting it; older services may lack the orders list.
 * The list schemas are loaded only now: they are classic zod and stay off the sign-in page's first load.
 */
export async function checkApiKey(apiKey: string): Promise<void> {
  try {
    const { listOrdersResponse } = await import('@/api/schemas/orders');
    await api({ path: '/orders', query: { limit: 1 }, schema: listOrdersResponse, token: apiKey });
  } catch (error) {
    if (!isMissingEndpoint(error)) throw error;
    const { listWebhooksResponse } = await import('@/api/schemas/webhooks');
    await api({ path: '/orders/webhooks', query: { limit: 1 }, schema: listWebhooksResponse, token: apiKey });
  }
}

async function acceptApiKey(apiKey: string): Promise<string> {
  await checkApiKey(apiKey);
  return apiKey;
}

function startSession(apiKey: string) {
  sessionStore.start({ token: apiKey, expiresAt: null, method: 'apiKey', signedInAt: Date.now(), account: null });
}

/** Not a react-query mutation: the sign-in page's first load has no query client (docs/decisions/bundle.md). */
export function useApiKeySignIn() {
  return useAsyncAction(acceptApiKey, { onSuccess: startSession });
}
