import { useState } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookEvents,
  listWebhooks,
  retryWebhookEvent,
  updateWebhook,
  type WebhooksQuery,
} from '@/api/webhooks';
import type { CreateWebhookRequest, UpdateWebhookRequest, Webhook } from '@/api/schemas/webhooks';
import { webhookKeys } from '@/lib/query-keys';
import { isInFlight } from '../lib/next-retry';
import { useDeferredQuery } from '@/lib/use-deferred-query';

export type { WebhooksQuery };

export function webhooksQueryOptions(query: WebhooksQuery) {
  return queryOptions({
    queryKey: webhookKeys.list(query),
    queryFn: ({ signal }) => listWebhooks(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
export function useWebhooks(query: WebhooksQuery) {
  return useDeferredQuery(useQuery(webhooksQueryOptions(query)));
}

export function webhookQueryOptions(id: number) {
  return queryOptions({
    queryKey: webhookKeys.detail(id),
    queryFn: ({ signal }) => getWebhook(id, signal),
  });
}
export function useWebhook(id: number | undefined) {
  return useDeferredQuery(useQuery({ ...webhookQueryOptions(id ?? 0), enabled: id !== undefined }));
}

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) => createWebhook(body),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.lists() }),
  });
}

export function useUpdateWebhook(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWebhookRequest) => updateWebhook(id, body),
    onSuccess: (data) => {
      client.setQueryData(webhookKeys.detail(id), (old: Webhook | undefined) => (old ? { ...old, ...data } : old));
      void client.invalidateQueries({ queryKey: webhookKeys.lists() });
    },
  });
}

export function useDeleteWebhook(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteWebhook(id),
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
    queryFn: ({ signal }) => listWebhookEvents(id, { page, limit }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.events.some((e) => isInFlight(e.status)) ? 1000 : false),
  });
}

export function useRetryEvent(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => retryWebhookEvent(id, eventId),
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
