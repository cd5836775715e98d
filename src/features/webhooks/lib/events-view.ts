import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { formatNumber } from '@/lib/format';
import { formatCount, pluralWord } from '@/lib/plural';
import type { EventsParams } from './events-params';

export interface EventsView {
  /** The rows of the page asked for; null when that page lies beyond the loaded events (read it from the service). */
  rows: DeliveryEvent[] | null;
  totalPages: number;
  /** "45 events", "3 matching events". */
  count: string;
  /** What the filters look at, in plain words. */
  filterScope: string;
  /** Every event is loaded, so a filter sees them all. */
  complete: boolean;
}

/** "all 45 events", "the only event", "the newest 100 of 250 events". */
export function loadedScope(loaded: number, total: number): string {
  if (loaded >= total) return total === 1 ? 'the only event' : `all ${formatCount(total, 'event', 'events')}`;
  return `the newest ${formatNumber(loaded)} of ${formatCount(total, 'event', 'events')}`;
}

/**
 * Which events the table shows. Filters run over the loaded events (the service cannot filter the listing),
 * and the text says which those are, so "3 FAILED" never reads as "3 FAILED in total" when only part is loaded.
 */
export function eventsView(loaded: readonly DeliveryEvent[], total: number, params: EventsParams): EventsView {
  const complete = loaded.length >= total;
  const scope = loadedScope(loaded.length, total);
  const start = (params.page - 1) * params.limit;
  const end = start + params.limit;
  const filtering = Boolean(params.status || params.type);
  if (!filtering) {
    return {
      rows: end <= loaded.length || complete ? loaded.slice(start, end) : null,
      totalPages: Math.max(1, Math.ceil(total / params.limit)),
      count: formatCount(total, 'event', 'events'),
      filterScope: `Filters search ${scope}.`,
      complete,
    };
  }
  const matches = loaded.filter((e) => (!params.status || e.status === params.status) && (!params.type || e.eventType === params.type));
  const what = [params.status && `status ${params.status}`, params.type && `type ${params.type}`].filter(Boolean).join(' and ');
  return {
    rows: matches.slice(start, end),
    totalPages: Math.max(1, Math.ceil(matches.length / params.limit)),
    count: formatCount(matches.length, 'matching event', 'matching events'),
    filterScope: `${formatCount(matches.length, 'event', 'events')} ${pluralWord(matches.length, 'has', 'have')} ${what}, among ${scope}.`,
    complete,
  };
}
