import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRecentStats } from '@/api/stats';
import { statsKeys } from '@/lib/query-keys';

export const recentStatsQuery = (date: string | undefined) =>
  queryOptions({ queryKey: statsKeys.recent(date), queryFn: ({ signal }) => getRecentStats(date, signal) });

export function useRecentStats(date: string | undefined) {
  return useQuery(recentStatsQuery(date));
}
