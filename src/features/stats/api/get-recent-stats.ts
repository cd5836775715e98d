import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { statsResponse } from '@/api/schemas/stats';
import { statsKeys } from '@/lib/query-keys';

export { statsKeys };

/** The 7 UTC days ending at `date` (today when undefined). */
export function getRecentStats(date: string | undefined, signal?: AbortSignal) {
  return api({ path: '/orders/stats/recent', query: date ? { date } : {}, schema: statsResponse, signal });
}

export const recentStatsQuery = (date: string | undefined) =>
  queryOptions({ queryKey: statsKeys.recent(date), queryFn: ({ signal }) => getRecentStats(date, signal) });

export function useRecentStats(date: string | undefined) {
  return useQuery(recentStatsQuery(date));
}
