import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { retryFailedWebhookEvents, retryWebhookEvent } from '@/api/webhooks';
import { webhookKeys } from '@/lib/query-keys';
import { emptyProgress, resendAllFailed, type DayWindow, type ResendOutcome, type ResendProgress } from '../lib/resend-windows';

export type ResendRun =
  | { state: 'idle' }
  | { state: 'running'; progress: ResendProgress; stopping: boolean }
  | { state: 'ended'; outcome: ResendOutcome };

/**
 * Runs "re-send all failed" for one webhook: progress as state, `cancel` stops before the next call. When the walk
 * ends (however it ends) every query of the webhook is refreshed, so the events list shows what is SENT now.
 */
export function useResendAllFailed(webhookId: number) {
  const client = useQueryClient();
  const [run, setRun] = useState<ResendRun>({ state: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // Leaving the page stops the walk before its next call (the one in flight still finishes on the service).
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    /** `events`: ids of FAILED events in the range's partial days, re-sent one by one before the windows. */
    async (windows: DayWindow[], events: number[] = []) => {
      if (controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      let stopping = false;
      abort.signal.addEventListener('abort', () => {
        stopping = true;
        setRun((now) => (now.state === 'running' ? { ...now, stopping: true } : now));
      });
      setRun({
        state: 'running',
        stopping: false,
        progress: emptyProgress(windows.length, events.length),
      });
      const outcome = await resendAllFailed(
        windows,
        {
          retryFailed: (window) => retryFailedWebhookEvents(webhookId, window),
          retryEvent: (id) => retryWebhookEvent(webhookId, id),
          signal: abort.signal,
          onProgress: (progress) => setRun({ state: 'running', progress, stopping }),
        },
        events,
      );
      controller.current = null;
      setRun({ state: 'ended', outcome });
      await Promise.all([
        client.invalidateQueries({ queryKey: webhookKeys.detail(webhookId) }),
        client.invalidateQueries({ queryKey: webhookKeys.lists() }),
      ]);
    },
    [client, webhookId],
  );
  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setRun({ state: 'idle' }), []);
  return { run, start, cancel, reset };
}
