import { api } from './client';
import { statsResponse } from './schemas/stats';

/** The 7 UTC days ending at `date` (today when undefined). */
export function getRecentStats(date: string | undefined, signal?: AbortSignal) {
  return api({ path: '/orders/stats/recent', query: date ? { date } : {}, schema: statsResponse, signal });
}
