import { apiRequest } from '@/api/client';
import { refreshUrlsResponse } from '@/api/schemas/orders';

/** New upload URLs for the files not yet uploaded, with the answer's `Date` header (ms since the epoch, null when absent), so the upload engine can bound clock skew. */
export async function refreshUploadUrlsDated(orderId: string) {
  const { data, headers } = await apiRequest({
    method: 'POST',
    path: `/orders/${encodeURIComponent(orderId)}/refresh-urls`,
    schema: refreshUrlsResponse,
  });
  const date = Date.parse(headers.get('date') ?? '');
  return { files: data.files, serverDate: Number.isFinite(date) ? date : null };
}

/** The same call when only the URLs matter (resume). */
export async function refreshUploadUrls(orderId: string) {
  const { files } = await refreshUploadUrlsDated(orderId);
  return { files };
}
