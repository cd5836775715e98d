import { api } from '@/api/client';
import { createAntiAiResponse, type CreateAntiAiRequest } from '@/api/schemas/orders';

export function createAntiAiOrder(body: CreateAntiAiRequest) {
  return api({ method: 'POST', path: '/orders/anti-ai', body, schema: createAntiAiResponse });
}
