import { api } from '@/api/client';
import { createExtractResponse, type CreateExtractRequest } from '@/api/schemas/orders';

export function createExtractOrder(body: CreateExtractRequest) {
  return api({ method: 'POST', path: '/orders/wtr-extract', body, schema: createExtractResponse });
}
