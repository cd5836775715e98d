import { z } from 'zod';
import { DELIVERY_STATUSES, EVENT_TYPES } from '@/api/schemas/webhooks';
import { PAGE_SIZES } from '@/lib/page-sizes';


const schema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(20),
  status: z.enum(DELIVERY_STATUSES).optional().catch(undefined),
  type: z.enum(EVENT_TYPES).optional().catch(undefined),
});
export type EventsParams = z.infer<typeof schema>;

/** Anything odd in the URL falls back to a safe default instead of an error page. */
export function parseEventsParams(search: URLSearchParams): EventsParams {
  return schema.parse({
    page: search.get('page') ?? undefined,
    limit: search.get('limit') ?? undefined,
    status: search.get('status') ?? undefined,
    type: search.get('type') ?? undefined,
  });
}

export function writeEventsParams(search: URLSearchParams, next: Partial<EventsParams>): URLSearchParams {
  const out = new URLSearchParams(search);
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined) out.delete(key);
    else out.set(key, String(value));
  }
  return out;
}

const listSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  q: z.string().max(200).catch(''),
});
export function parseListParams(search: URLSearchParams): { page: number; q: string } {
  return listSchema.parse({ page: search.get('page') ?? undefined, q: search.get('q') ?? '' });
}
