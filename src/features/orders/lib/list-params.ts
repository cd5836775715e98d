import { z } from 'zod';
import { ORDER_CHANNELS, ORDER_STATUSES, ORDER_TYPES } from '@/api/schemas/orders';
import { PAGE_SIZES } from '@/lib/page-sizes';


const filter = <T extends readonly string[]>(values: T) =>
  z.enum(['all', ...values] as [string, ...string[]]).catch('all') as unknown as z.ZodType<'all' | T[number]>;

/** URL state of the orders list; every field falls back on its own so one bad value never breaks a shared link. */
export const orderListParams = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  limit: z.coerce
    .number()
    .refine((n): n is (typeof PAGE_SIZES)[number] => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(10),
  keyword: z.string().trim().max(200).catch(''),
  status: filter(ORDER_STATUSES),
  type: filter(ORDER_TYPES),
  channel: filter(ORDER_CHANNELS),
});
export type OrderListParams = {
  page: number;
  limit: number;
  keyword: string;
  status: 'all' | (typeof ORDER_STATUSES)[number];
  type: 'all' | (typeof ORDER_TYPES)[number];
  channel: 'all' | (typeof ORDER_CHANNELS)[number];
};

export const DEFAULT_LIST_PARAMS: OrderListParams = { page: 1, limit: 10, keyword: '', status: 'all', type: 'all', channel: 'all' };

export function parseListParams(search: URLSearchParams): OrderListParams {
  const raw: Record<string, string | undefined> = {};
  for (const key of Object.keys(DEFAULT_LIST_PARAMS)) raw[key] = search.get(key) ?? undefined;
  return orderListParams.parse(raw) as OrderListParams;
}

/** Only non-default values go into the URL, so a plain list has a plain address. */
export function toSearchParams(params: OrderListParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params) as [keyof OrderListParams, string | number][]) {
    if (value !== DEFAULT_LIST_PARAMS[key] && value !== '') search.set(key, String(value));
  }
  return search;
}

export function hasFilters(params: OrderListParams): boolean {
  return params.keyword !== '' || params.status !== 'all' || params.type !== 'all' || params.channel !== 'all';
}
