import { api } from './client';
import { noData } from './schemas/common';
import {
  createWebhookResponse,
  listEventsResponse,
  listWebhooksResponse,
  retryEventResponse,
  retryFailedResponse,
  updateWebhookResponse,
  webhook,
  type CreateWebhookRequest,
  type ListWebhooksQuery,
  type RetryFailedRequest,
  type UpdateWebhookRequest,
} from './schemas/webhooks';

const base = '/orders/webhooks';

export interface WebhooksQuery extends ListWebhooksQuery {
  page: number;
  limit: number;
  keyword?: string;
}

/** `token` checks an API key before it becomes the session's. */
export function listWebhooks(query: Partial<WebhooksQuery>, options: { signal?: AbortSignal; token?: string } = {}) {
  return api({ path: base, query: { ...query }, schema: listWebhooksResponse, ...options });
}

export function getWebhook(id: number, signal?: AbortSignal) {
  return api({ path: `${base}/${id}`, schema: webhook, signal });
}

export function createWebhook(body: CreateWebhookRequest) {
  return api({ method: 'POST', path: base, body, schema: createWebhookResponse });
}

export function updateWebhook(id: number, body: UpdateWebhookRequest) {
  return api({ method: 'PUT', path: `${base}/${id}`, body, schema: updateWebhookResponse });
}

export function deleteWebhook(id: number) {
  return api({ method: 'DELETE', path: `${base}/${id}`, schema: noData });
}

/** One page of a webhook's delivery events, newest first. */
export function listWebhookEvents(id: number, query: { page: number; limit: number }, signal?: AbortSignal) {
  return api({ path: `${base}/${id}/events`, query, schema: listEventsResponse, signal });
}

/** `eventId` is the event's integer id; only FAILED events are retried. */
export function retryWebhookEvent(id: number, eventId: number) {
  return api({ method: 'POST', path: `${base}/${id}/events/${eventId}/retry`, schema: retryEventResponse });
}

export function retryFailedWebhookEvents(id: number, body: RetryFailedRequest) {
  return api({ method: 'POST', path: `${base}/${id}/events/retry-failed`, body, schema: retryFailedResponse });
}
