import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRecentStats } from '@/api/stats';
import { statsKeys } from '@/lib/query-keys';
import { useDeferredQuery } from '@/lib/use-deferred-query';

export const recentStatsQuery = (date: string | undefined) =>
  queryOptions({ queryKey: statsKeys.recent(date), queryFn: ({ signal }) => getRecentStats(date, signal) });

export function useRecentStats(date: string | undefined) {
  return useDeferredQuery(useQuery(recentStatsQuery(date)));
}
