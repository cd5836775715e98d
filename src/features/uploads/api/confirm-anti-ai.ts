import { api } from '@/api/client';
import { confirmAntiAiResponse } from '@/api/schemas/orders';

export function confirmAntiAiOrder(body: { orderId: string; idempotencyKey: string }) {
  return api({ method: 'POST', path: '/orders/anti-ai/confirm', body, schema: confirmAntiAiResponse });
}
