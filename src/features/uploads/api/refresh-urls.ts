import { api } from '@/api/client';
import { refreshUrlsResponse } from '@/api/schemas/orders';

export function refreshUploadUrls(orderId: string) {
  return api({ method: 'POST', path: `/orders/${encodeURIComponent(orderId)}/refresh-urls`, schema: refreshUrlsResponse });
}
