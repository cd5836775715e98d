import { isMissingEndpoint } from '@/api/api-error';

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
