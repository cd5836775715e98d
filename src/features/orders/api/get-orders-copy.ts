import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { orderKeys } from '@/lib/query-keys';
import { WalkPausedError } from '../lib/history/history-sync';
import { ordersCopy } from '../lib/history/orders-copy';

/** The copy's rows from `from` (ms) on, made current first (history-sync.ts: a page or so once the copy exists). */
export function copyQuery(from: number) {
  return queryOptions({
    queryKey: orderKeys.copy(from),
    queryFn: async ({ signal }) => {
      const copy = ordersCopy();
      await copy.ensure(from, signal);
      return copy.read(from);
    },
  });
}

/**
 * Every order created from `from` on, from the local copy of the account's orders (the usage history). The walk that
 * fills the copy reports its progress and can be paused and resumed (it stays paused across reloads). `enabled: false`
 * holds the reading back (the history waits until its card is near the screen).
 */
export function useOrdersCopy(from: number, { enabled = true }: { enabled?: boolean } = {}) {
  const copy = ordersCopy();
  const state = useSyncExternalStore(copy.subscribe, copy.getState, copy.getState);
  const query = useQuery({ ...copyQuery(from), enabled: enabled && state.phase !== 'paused' });
  const { refetch } = query;
  const pause = useCallback(() => void copy.pause(), [copy]);
  const resume = useCallback(() => {
    void copy.resume().then(() => refetch());
  }, [copy, refetch]);
  const paused = state.phase === 'paused' || (query.error instanceof WalkPausedError && state.phase !== 'reading');
  return { query, progress: state.progress, paused, pause, resume };
}
