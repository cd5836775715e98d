import { api } from '@/api/client';
import { createEmbedResponse, type CreateEmbedRequest } from '@/api/schemas/orders';

export function createEmbedOrder(body: CreateEmbedRequest) {
  return api({ method: 'POST', path: '/orders/wtr-embed', body, schema: createEmbedResponse });
}
