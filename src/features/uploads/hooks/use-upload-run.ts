import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { orderKeys } from '@/lib/query-keys';
import { refreshUploadUrlsDated } from '@/api/orders';
import { confirmOrder } from '../lib/submission/submit-steps';
import { storageTransport, UploadEngine, type UploadItem } from '../lib/upload-engine';

export type RunPhase = 'idle' | 'uploading' | 'confirming' | 'finished' | 'partial' | 'failed';

/**
 * Uploads the files an order was issued URLs for, each already paired with its upload, then confirms
 * anti-AI orders (with the submission's confirm key). Warns on leaving while uploads run.
 *
 * The hook holds the run's engine, not its snapshots: the form that owns this hook re-renders when the
 * phase changes, never on progress. `UploadProgress` subscribes to the engine itself (bench:upload:
 * re-rendering the whole new-order form on every progress snapshot cost the upload main-thread time).
 */
export function useUploadRun() {
  const queryClient = useQueryClient();
  const [engine, setEngine] = useState<UploadEngine | null>(null);
  const [phase, setPhase] = useState<RunPhase>('idle');
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (phase !== 'uploading' && phase !== 'confirming') return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [phase]);

  const run = useCallback(
    async (args: {
      orderId: string;
      items: UploadItem[];
      /** Uploads the order waits for, `items` included: when fewer are given, the rest can come later. */
      expected: number;
      /** Anti-AI: confirm with this key once every file is up. */
      confirmKey?: string;
    }) => {
      setError(null);
      const { items } = args;
      const engine = new UploadEngine(items, { transport: storageTransport, refreshUrls: () => refreshUploadUrlsDated(args.orderId) });
      setEngine(engine);
      setPhase('uploading');
      const result = await engine.start();
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      if (result.done.length !== items.length) {
        setPhase('failed');
        return false;
      }
      if (items.length < args.expected) {
        // Some files were not given (resume with part of the files): the rest can come later.
        setPhase('partial');
        return false;
      }
      if (args.confirmKey !== undefined) {
        setPhase('confirming');
        try {
          await confirmOrder(args.orderId, args.confirmKey);
        } catch (cause) {
          setError(cause);
          setPhase('failed');
          return false;
        }
      }
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      setPhase('finished');
      return true;
    },
    [queryClient],
  );

  return { engine, phase, error, run };
}
