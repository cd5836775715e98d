import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listWebhookEvents } from '@/api/webhooks';
import type { DeliveryEvent, ListEventsResponse } from '@/api/schemas/webhooks';
import { webhookKeys } from '@/lib/query-keys';
import { walkEvents, WALK_PAGE_SIZE, type WalkProgress, type WalkResult } from '../lib/walk-events';

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

export type WalkState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: WalkProgress }
  | { phase: 'done'; progress: WalkResult }
  | { phase: 'cancelled'; progress: WalkProgress }
  | { phase: 'error'; progress: WalkProgress; error: unknown };

const NOTHING: WalkProgress = { pagesDone: 0, totalPages: 0, events: [] };
const progressOf = (state: WalkState) => (state.phase === 'idle' ? NOTHING : state.progress);

/**
 * One cancellable walk over a webhook's events, with its progress as state. Starting again cancels the walk under
 * way; leaving the page cancels it too. `run` resolves with the result, or null when cancelled or failed.
 */
export function useEventsWalk(webhookId: number) {
  const readPage = useEventPageReader(webhookId);
  const [state, setState] = useState<WalkState>({ phase: 'idle' });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const run = useCallback(
    async (stop?: (events: readonly DeliveryEvent[], page: readonly DeliveryEvent[]) => boolean): Promise<WalkResult | null> => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setState({ phase: 'running', progress: NOTHING });
      try {
        const result = await walkEvents({
          fetchPage: readPage,
          signal: controller.signal,
          stop,
          onProgress: (progress) => current.current === controller && setState({ phase: 'running', progress }),
        });
        if (current.current === controller) setState({ phase: 'done', progress: result });
        return result;
      } catch (error) {
        if (current.current === controller) {
          setState((s) =>
            controller.signal.aborted ? { phase: 'cancelled', progress: progressOf(s) } : { phase: 'error', progress: progressOf(s), error },
          );
        }
        return null;
      }
    },
    [readPage],
  );
  const cancel = useCallback(() => current.current?.abort(), []);
  const reset = useCallback(() => {
    const controller = current.current;
    current.current = null;
    controller?.abort();
    setState({ phase: 'idle' });
  }, []);
  return { state, progress: progressOf(state), run, cancel, reset };
}
