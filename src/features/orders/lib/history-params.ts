import { z } from 'zod';
import { ORDER_CHANNELS } from '@/api/schemas/orders';
import { defaultGrouping, presetRange, rangeProblem, type ChannelFilter, type DayRange, type Grouping, type RangePreset, type RangeProblem } from './usage-history';

/** The history's choices in the usage page's URL (shared links and Back keep them); each bad value falls back alone. */
const schema = z.object({
  range: z.enum(['30d', '3m', '12m', 'custom']).catch('30d'),
  from: z.string().catch(''),
  to: z.string().catch(''),
  group: z.enum(['day', 'week', 'month', 'auto']).catch('auto'),
  channel: z.enum(['all', ...ORDER_CHANNELS]).catch('all'),
});

export interface HistoryParams {
  preset: RangePreset | 'custom';
  /** The custom dates as typed (shown in the fields even when they are refused). */
  from: string;
  to: string;
  range: DayRange;
  problem: RangeProblem | null;
  grouping: Grouping;
  /** True when the grouping follows the range (no `group` in the URL). */
  autoGrouping: boolean;
  channel: ChannelFilter;
}

const KEYS = ['range', 'from', 'to', 'group', 'channel'] as const;

export function parseHistoryParams(search: URLSearchParams, today: string): HistoryParams {
  const raw = Object.fromEntries(KEYS.map((key) => [key, search.get(key) ?? undefined]));
  const parsed = schema.parse(raw);
  const custom = parsed.range === 'custom';
  const fallback = presetRange(parsed.range === 'custom' ? '30d' : parsed.range, today);
  const from = custom ? parsed.from || fallback.from : fallback.from;
  const to = custom ? parsed.to || today : fallback.to;
  const problem = custom ? rangeProblem({ from, to }, today) : null;
  const range = problem ? fallback : { from, to };
  return {
    preset: parsed.range,
    from,
    to,
    range,
    problem,
    grouping: parsed.group === 'auto' ? defaultGrouping(range) : parsed.group,
    autoGrouping: parsed.group === 'auto',
    channel: parsed.channel,
  };
}

/** Writes the history's choices into `current`, leaving the page's other parameters (the 7-day chart's date) as they are. */
export function withHistoryParams(
  current: URLSearchParams,
  next: { preset: HistoryParams['preset']; from?: string; to?: string; group: Grouping | 'auto'; channel: ChannelFilter },
): URLSearchParams {
  const search = new URLSearchParams(current);
  for (const key of KEYS) search.delete(key);
  if (next.preset !== '30d') search.set('range', next.preset);
  if (next.preset === 'custom') {
    if (next.from) search.set('from', next.from);
    if (next.to) search.set('to', next.to);
  }
  if (next.group !== 'auto') search.set('group', next.group);
  if (next.channel !== 'all') search.set('channel', next.channel);
  return search;
}
