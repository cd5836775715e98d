import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { walkEvents, type WalkProgress, type WalkResult } from '../lib/walk-events';
import { useEventPageReader } from '../api/get-event-page';

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
