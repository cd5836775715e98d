import { api, apiRequest } from './client';
import {
  confirmAntiAiResponse,
  createAntiAiResponse,
  createEmbedResponse,
  createExtractResponse,
  downloadResponse,
  listOrdersResponse,
  order,
  refreshUrlsResponse,
  type CreateAntiAiRequest,
  type CreateEmbedRequest,
  type CreateExtractRequest,
  type ListOrdersFilter,
} from './schemas/orders';

/** The list query as the dashboard sends it: every field known, filters defaulting to "all". */
export type OrdersQuery = ListOrdersFilter;

const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

/** `token` checks an API key before it becomes the session's. */
export function listOrders(query: Partial<OrdersQuery>, options: { signal?: AbortSignal; token?: string } = {}) {
  return api({ path: '/orders', query: { ...query }, schema: listOrdersResponse, ...options });
}

export function getOrder(orderId: string, signal?: AbortSignal) {
  return api({ path: orderPath(orderId), schema: order, signal });
}

/** The result ZIP's link; ask right before use, never cache it: it is valid for an hour only. */
export function getOrderDownload(orderId: string) {
  return api({ path: `${orderPath(orderId)}/download`, schema: downloadResponse });
}

export function createAntiAiOrder(body: CreateAntiAiRequest) {
  return api({ method: 'POST', path: '/orders/anti-ai', body, schema: createAntiAiResponse });
}

export function confirmAntiAiOrder(body: { orderId: string; idempotencyKey: string }) {
  return api({ method: 'POST', path: '/orders/anti-ai/confirm', body, schema: confirmAntiAiResponse });
}

export function createEmbedOrder(body: CreateEmbedRequest) {
  return api({ method: 'POST', path: '/orders/wtr-embed', body, schema: createEmbedResponse });
}

export function createExtractOrder(body: CreateExtractRequest) {
  return api({ method: 'POST', path: '/orders/wtr-extract', body, schema: createExtractResponse });
}

/** New upload URLs for the files not yet uploaded, with the answer's `Date` header (ms since the epoch, null when absent), so the upload engine can bound clock skew. */
export async function refreshUploadUrlsDated(orderId: string) {
  const { data, headers } = await apiRequest({ method: 'POST', path: `${orderPath(orderId)}/refresh-urls`, schema: refreshUrlsResponse });
  const date = Date.parse(headers.get('date') ?? '');
  return { files: data.files, serverDate: Number.isFinite(date) ? date : null };
}

/** The same call when only the URLs matter (resume). */
export async function refreshUploadUrls(orderId: string) {
  const { files } = await refreshUploadUrlsDated(orderId);
  return { files };
}
