import type { DeliveryEvent, ListEventsResponse } from '@/api/schemas/webhooks';

/** The listing's largest page: the fewest requests for a walk over every event. */
export const WALK_PAGE_SIZE = 100;

export interface WalkProgress {
  pagesDone: number;
  /** From the first page's answer; 0 before it arrives. */
  totalPages: number;
  /** Every event read so far, newest first, each once. */
  events: DeliveryEvent[];
}

export interface WalkResult extends WalkProgress {
  /** Why the walk ended: every page read, or the caller's condition was met first. */
  end: 'all' | 'stopped';
}

export interface WalkOptions {
  fetchPage: (page: number, signal: AbortSignal) => Promise<ListEventsResponse>;
  signal: AbortSignal;
  onProgress?: (progress: WalkProgress) => void;
  /** Looked at after each page, with every event so far and the page's own: true ends the walk early. */
  stop?: (events: readonly DeliveryEvent[], page: readonly DeliveryEvent[]) => boolean;
}

function aborted(signal: AbortSignal): never {
  throw signal.reason instanceof Error ? signal.reason : new DOMException('The walk was cancelled', 'AbortError');
}

/**
 * Reads a webhook's events page after page, newest first, one request at a time (the service is shared, and the
 * next page is only wanted if this one did not settle the question). Ends on the last page, when `stop` says so,
 * or throws an AbortError when `signal` aborts. A delivery made while paging shifts every page by one, so the
 * same event can appear on two pages: it is kept once, by id.
 */
export async function walkEvents({ fetchPage, signal, onProgress, stop }: WalkOptions): Promise<WalkResult> {
  const events: DeliveryEvent[] = [];
  const seen = new Set<number>();
  let totalPages = 0;
  let pagesDone = 0;
  for (let page = 1; page === 1 || page <= totalPages; page++) {
    if (signal.aborted) aborted(signal);
    const answer = await fetchPage(page, signal);
    if (signal.aborted) aborted(signal);
    if (page === 1) totalPages = answer.pagination.totalPages;
    const fresh = answer.events.filter((e) => !seen.has(e.id) && seen.add(e.id));
    events.push(...fresh);
    pagesDone = page;
    const progress = { pagesDone: page, totalPages, events: [...events] };
    onProgress?.(progress);
    if (stop?.(events, answer.events)) return { ...progress, end: page < totalPages ? 'stopped' : 'all' };
    if (answer.events.length === 0) break;
  }
  return { pagesDone, totalPages, events, end: 'all' };
}

/** A stop condition for "events created before `from`": the listing is newest first, so no later page has newer ones. */
export const olderThan =
  (from: Date) =>
  (_: readonly DeliveryEvent[], page: readonly DeliveryEvent[]): boolean => {
    const oldest = page.at(-1);
    return oldest !== undefined && Date.parse(oldest.createdAt) < from.getTime();
  };
