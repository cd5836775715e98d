import { useState } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { isApiError } from '@/api/api-error';
import { z } from 'zod';
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
} from '@/api/schemas/webhooks';
import { webhookKeys } from '@/lib/query-keys';
import { isInFlight } from '../lib/next-retry';

const base = '/orders/webhooks';

export interface WebhooksQuery extends ListWebhooksQuery {
  page: number;
  limit: number;
  keyword?: string;
}

export function webhooksQueryOptions(query: WebhooksQuery) {
  return queryOptions({
    queryKey: webhookKeys.list(query),
    queryFn: ({ signal }) => api({ path: base, query: { ...query }, schema: listWebhooksResponse, signal }),
    placeholderData: keepPreviousData,
  });
}
export function useWebhooks(query: WebhooksQuery) {
  return useQuery(webhooksQueryOptions(query));
}

export function webhookQueryOptions(id: number) {
  return queryOptions({
    queryKey: webhookKeys.detail(id),
    queryFn: ({ signal }) => api({ path: `${base}/${id}`, schema: webhook, signal }),
  });
}
export function useWebhook(id: number | undefined) {
  return useQuery({ ...webhookQueryOptions(id ?? 0), enabled: id !== undefined });
}

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) => api({ method: 'POST', path: base, body, schema: createWebhookResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.lists() }),
  });
}

export function useUpdateWebhook(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWebhookRequest) => api({ method: 'PUT', path: `${base}/${id}`, body, schema: updateWebhookResponse }),
    onSuccess: (data) => {
      client.setQueryData(webhookKeys.detail(id), (old: z.infer<typeof webhook> | undefined) => (old ? { ...old, ...data } : old));
      void client.invalidateQueries({ queryKey: webhookKeys.lists() });
    },
  });
}

export function useDeleteWebhook(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api({ method: 'DELETE', path: `${base}/${id}`, schema: z.null() }),
    onSuccess: () => {
      client.removeQueries({ queryKey: webhookKeys.detail(id) });
      void client.invalidateQueries({ queryKey: webhookKeys.lists() });
    },
  });
}

/**
 * One page of events as the service pages them: only for pages beyond the loaded deliveries (older events,
 * outside the health window). Re-reads every second while any row on the page is still being delivered.
 */
export function useWebhookEvents(id: number, page: number, limit: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: webhookKeys.events(id, page, limit),
    queryFn: ({ signal }) => api({ path: `${base}/${id}/events`, query: { page, limit }, schema: listEventsResponse, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.events.some((e) => isInFlight(e.status)) ? 1000 : false),
  });
}

export function useRetryEvent(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => api({ method: 'POST', path: `${base}/${id}/events/${eventId}/retry`, schema: retryEventResponse }),
    onSettled: () => client.invalidateQueries({ queryKey: webhookKeys.detail(id) }),
  });
}

export function useRetryFailed(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RetryFailedRequest) =>
      api({ method: 'POST', path: `${base}/${id}/events/retry-failed`, body, schema: retryFailedResponse }),
    onSettled: () => client.invalidateQueries({ queryKey: webhookKeys.detail(id) }),
  });
}

/**
 * Re-reads everything of one webhook at once (settings, deliveries, health, attempts, diagnosis): every key of
 * the webhook sits under its detail key, so one invalidation is one refresh and no part is left behind.
 */
export function useRefreshWebhook(id: number) {
  const client = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await client.invalidateQueries({ queryKey: webhookKeys.detail(id) });
    } finally {
      setRefreshing(false);
    }
  };
  return { refresh, refreshing };
}

/** A 404 here means "not this endpoint" only when the webhook itself exists, i.e. the code is not WEBHOOK_NOT_FOUND. */
export function isUnsupported(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && (error.status === 405 || (error.status === 404 && error.code !== 'WEBHOOK_NOT_FOUND'));
}
