import { i18n } from '@lingui/core';
import { msg, plural, select } from '@lingui/core/macro';
import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { formatNumber } from '@/lib/format';
import { matchesFilter } from './events-find';
import type { EventsParams } from './events-params';
import { deliveryStatusWord } from './status-words';

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

type Scope = 'only' | 'all' | 'newest';

function scopeOf(loaded: number, total: number): Scope {
  if (loaded >= total) return total === 1 ? 'only' : 'all';
  return 'newest';
}

/** "Filters search all 45 events.": whole sentences per scope, so no language has to join fragments. */
function unfilteredScope(loaded: number, total: number): string {
  const newest = formatNumber(loaded);
  switch (scopeOf(loaded, total)) {
    case 'only':
      return i18n._(msg`Filters search the only event.`);
    case 'all':
      return i18n._(msg`Filters search all ${plural(total, { one: '# event', other: '# events' })}.`);
    case 'newest':
      return i18n._(msg`Filters search the newest ${newest} of ${plural(total, { one: '# event', other: '# events' })}.`);
  }
}

/** Filters read every page (issue 18), so without one the scope is always every event. */
export function allEventsScope(total: number): string {
  return unfilteredScope(total, total);
}

/** "10 events have status FAILED, among the newest 100 of 250 events." */
function filteredScope(count: number, loaded: number, total: number, params: EventsParams): string {
  const filter = params.status && params.type ? 'both' : params.status ? 'status' : 'type';
  const status = params.status ? deliveryStatusWord(params.status) : '';
  const type = params.type ?? '';
  const newest = formatNumber(loaded);
  switch (scopeOf(loaded, total)) {
    case 'only':
      return i18n._(
        msg`${plural(count, { one: '# event has', other: '# events have' })} ${select(filter, { status: `status ${status}`, type: `type ${type}`, other: `status ${status} and type ${type}` })}, among the only event.`,
      );
    case 'all':
      return i18n._(
        msg`${plural(count, { one: '# event has', other: '# events have' })} ${select(filter, { status: `status ${status}`, type: `type ${type}`, other: `status ${status} and type ${type}` })}, among all ${plural(total, { one: '# event', other: '# events' })}.`,
      );
    case 'newest':
      return i18n._(
        msg`${plural(count, { one: '# event has', other: '# events have' })} ${select(filter, { status: `status ${status}`, type: `type ${type}`, other: `status ${status} and type ${type}` })}, among the newest ${newest} of ${plural(total, { one: '# event', other: '# events' })}.`,
      );
  }
}

/**
 * Which events the table shows. Filters run over the loaded events (the service cannot filter the listing),
 * and the text says which those are, so "3 FAILED" never reads as "3 FAILED in total" when only part is loaded.
 * Runs during render: the words follow the active language.
 */
export function eventsView(loaded: readonly DeliveryEvent[], total: number, params: EventsParams): EventsView {
  const complete = loaded.length >= total;
  const start = (params.page - 1) * params.limit;
  const end = start + params.limit;
  const filtering = Boolean(params.status || params.type);
  if (!filtering) {
    return {
      rows: end <= loaded.length || complete ? loaded.slice(start, end) : null,
      totalPages: Math.max(1, Math.ceil(total / params.limit)),
      count: i18n._(msg`${plural(total, { one: '# event', other: '# events' })}`),
      filterScope: unfilteredScope(loaded.length, total),
      complete,
    };
  }
  const matches = loaded.filter(matchesFilter(params));
  const count = matches.length;
  return {
    rows: matches.slice(start, end),
    totalPages: Math.max(1, Math.ceil(count / params.limit)),
    count: i18n._(msg`${plural(count, { one: '# matching event', other: '# matching events' })}`),
    filterScope: filteredScope(count, loaded.length, total, params),
    complete,
  };
}
