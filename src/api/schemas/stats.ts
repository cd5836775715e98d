import { z } from 'zod';
import { i18n } from './schema-words';
import { ymdDate } from './common';

/**
 * The reference date: the interface calls it "an ISO string", the specification `format: date`. A date is taken as
 * it is; a full ISO 8601 date-time (with `Z` or an offset) stands for its UTC calendar day. Anything else is refused.
 */
export const statsDate = z.union([
  ymdDate,
  z.iso
    .datetime({ offset: true, error: () => i18n._('must be a date as YYYY-MM-DD or an ISO 8601 date-time') })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: () => i18n._('is not a real calendar date') })
    .transform((value) => new Date(value).toISOString().slice(0, 10))
    // A date-time late on 9999-12-31 west of UTC is a day of year 10000, which no YYYY-MM-DD can name.
    .pipe(ymdDate),
], { error: () => i18n._('must be a date as YYYY-MM-DD or an ISO 8601 date-time') });

export const statsQuery = z.object({ date: statsDate.optional() });
export type StatsQuery = z.infer<typeof statsQuery>;

export const dailyStat = z.object({ usageDate: z.string(), usageCount: z.number().int() });
export const statsResponse = z.object({
  dailyStats: z.array(dailyStat),
  domain: z.array(z.number().int()),
  ticks: z.array(z.number().int()),
});
export type StatsResponse = z.infer<typeof statsResponse>;
