import { api } from '@/api/client';
import { downloadResponse } from '@/api/schemas/orders';

/** The result ZIP's link of a finished order; asked right before use, the link expires after an hour. */
export function getResultDownload(orderId: string) {
  return api({ path: `/orders/${encodeURIComponent(orderId)}/download`, schema: downloadResponse });
}
