import { z } from 'zod';
import { ymdDate } from './common';

export const statsQuery = z.object({ date: ymdDate.optional() });
export type StatsQuery = z.infer<typeof statsQuery>;

export const dailyStat = z.object({ usageDate: z.string(), usageCount: z.number().int() });
export const statsResponse = z.object({
  dailyStats: z.array(dailyStat),
  domain: z.array(z.number().int()),
  ticks: z.array(z.number().int()),
});
export type StatsResponse = z.infer<typeof statsResponse>;
