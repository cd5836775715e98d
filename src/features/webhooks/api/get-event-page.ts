import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { listWebhookEvents } from '@/api/webhooks';
import type { ListEventsResponse } from '@/api/schemas/webhooks';
import { webhookKeys } from '@/lib/query-keys';
import { WALK_PAGE_SIZE } from '../lib/walk-events';

/**
 * How long a read page serves a new walk: searching for a second event, switching filters or exporting right
 * after a search reads nothing again. "Refresh events" invalidates the webhook's keys, these pages included.
 */
const PAGE_STALE_MS = 60_000;

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('The walk was cancelled', 'AbortError'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Pages of 100 through react-query's cache, shared by every walk of the webhook (find, filter, export). */
export function useEventPageReader(webhookId: number) {
  const client = useQueryClient();
  return useCallback(
    (page: number, signal: AbortSignal): Promise<ListEventsResponse> => {
      const queryKey = webhookKeys.events(webhookId, page, WALK_PAGE_SIZE);
      const read = client.fetchQuery({
        queryKey,
        queryFn: ({ signal: own }) => listWebhookEvents(webhookId, { page, limit: WALK_PAGE_SIZE }, own),
        staleTime: PAGE_STALE_MS,
      });
      // A cancelled walk stops its read too, unless the table is showing that same page and waits for it.
      const onAbort = () => {
        if (!client.getQueryCache().find({ queryKey, exact: true })?.getObserversCount()) void client.cancelQueries({ queryKey, exact: true });
      };
      signal.addEventListener('abort', onAbort, { once: true });
      return untilAborted(read, signal).finally(() => signal.removeEventListener('abort', onAbort));
    },
    [client, webhookId],
  );
}
