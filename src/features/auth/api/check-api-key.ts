import { isMissingEndpoint } from '@/api/api-error';
import { useAsyncAction } from '@/lib/use-async-action';
import { sessionStore } from '../session';

/**
 * One cheap authenticated read with the key before accepting it; older services may lack the orders list.
 * The list calls are loaded only now: their schemas are classic zod and stay off the sign-in page's first load.
 */
export async function checkApiKey(apiKey: string): Promise<void> {
  try {
    const { listOrders } = await import('@/api/orders');
    await listOrders({ limit: 1 }, { token: apiKey });
  } catch (error) {
    if (!isMissingEndpoint(error)) throw error;
    const { listWebhooks } = await import('@/api/webhooks');
    await listWebhooks({ limit: 1 }, { token: apiKey });
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
