import type { DeliveryEvent } from '@/api/schemas/webhooks';
import type { Order } from '@/api/schemas/orders';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A UUID is an event id (what X-Service-Event-Id carries). The table shows event ids shortened ("78747084…"): such a
 * text, with its ellipsis, is `short` (the listing cannot be searched by a part of an id). Anything else is taken as
 * an order id; `maybeShortEventId` says when it also looks like the start of an event id, for the "no order" answer.
 */
export type FindQuery =
  | { kind: 'event'; eventId: string }
  | { kind: 'order'; orderId: string; maybeShortEventId: boolean }
  | { kind: 'short'; prefix: string };

const UUID_START = /^[0-9a-f]{1,8}(-[0-9a-f]{0,4}){0,3}(-[0-9a-f]{0,12})?$/i;
const ELLIPSIS = /(\u2026|\.{2,})$/;

export function parseFindQuery(text: string): FindQuery | null {
  const value = text.trim();
  if (!value) return null;
  if (UUID.test(value)) return { kind: 'event', eventId: value.toLowerCase() };
  if (ELLIPSIS.test(value)) {
    const prefix = value.replace(ELLIPSIS, '').trim();
    if (UUID_START.test(prefix)) return { kind: 'short', prefix: prefix.toLowerCase() };
  }
  return { kind: 'order', orderId: value, maybeShortEventId: UUID_START.test(value) && value.length >= 4 };
}

export const matchesEventId = (eventId: string) => (event: DeliveryEvent) => event.eventId.toLowerCase() === eventId;

/**
 * The emulator writes an event in the same transaction that finishes the order, so its createdAt is the order's
 * finish time to the millisecond; a real service may queue it a little later. 5 s either side allows for that
 * without pulling in the neighbours of a busy minute (those are told apart by the body on the emulator).
 */
export const ORDER_EVENT_SLACK_MS = 5_000;

export interface OrderWindow {
  /** Event types the order can have produced. */
  types: readonly string[];
  /** When the order finished (epoch ms): its event is expected at this moment, candidates are ranked by distance from it. */
  finishedAt: number;
  /** Inclusive bounds of the event's createdAt, epoch ms. */
  from: number;
  to: number;
}

/**
 * Which events an order can have produced, read from the order alone, because the listing does not carry the
 * order id: one event per finish, of type `order.<type>.<completed|failed>`, created when it finished. Null while
 * the order is still running: no delivery is made before it finishes.
 */
export function orderWindow(order: Order): OrderWindow | null {
  if (order.status === 'pending' || order.status === 'inProgress') return null;
  const completed = `order.${order.type}.completed`;
  const failed = `order.${order.type}.failed`;
  // An expired order no longer says how it ended.
  const types = order.status === 'expired' ? [completed, failed] : order.status === 'failed' ? [failed] : [completed];
  const created = Date.parse(order.createdAt);
  if (order.completedAt) {
    const done = Date.parse(order.completedAt);
    return { types, finishedAt: done, from: Math.max(created, done - ORDER_EVENT_SLACK_MS), to: done + ORDER_EVENT_SLACK_MS };
  }
  // A failed order's last change is its failure; an expired one's is the expiry, so this bound is only an upper one.
  const updated = Date.parse(order.updatedAt);
  return { types, finishedAt: updated, from: created, to: updated + ORDER_EVENT_SLACK_MS };
}

export const inOrderWindow = (window: OrderWindow) => (event: DeliveryEvent) => {
  const at = Date.parse(event.createdAt);
  return window.types.includes(event.eventType) && at >= window.from && at <= window.to;
};

/** A delivery that may be the order's, and why: its type fits and it was created `offsetMs` after the order finished. */
export interface Candidate {
  event: DeliveryEvent;
  /** createdAt − the order's finish time; negative when created before it. */
  offsetMs: number;
}

/**
 * The events an order can have produced, closest to its finish time first (the service writes the event when the
 * order finishes, so the nearest is the likeliest); ties by id, newest first. The ranking is a guess: only the payload
 * (on the emulator) confirms which one is the order's.
 */
export function rankCandidates(events: readonly DeliveryEvent[], window: OrderWindow): Candidate[] {
  return events
    .filter(inOrderWindow(window))
    .map((event) => ({ event, offsetMs: Date.parse(event.createdAt) - window.finishedAt }))
    .sort((a, b) => Math.abs(a.offsetMs) - Math.abs(b.offsetMs) || b.event.id - a.event.id);
}

/** The order id a delivery body names (`data.orderId`), or null when the body is not such JSON. */
export function orderIdOfBody(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || !('data' in parsed)) return null;
    const data: unknown = parsed.data;
    if (typeof data !== 'object' || data === null || !('orderId' in data)) return null;
    return typeof data.orderId === 'string' ? data.orderId : null;
  } catch {
    return null;
  }
}

export interface EventFilter {
  status?: DeliveryEvent['status'];
  type?: DeliveryEvent['eventType'];
}

export const matchesFilter = (filter: EventFilter) => (event: DeliveryEvent) =>
  (!filter.status || event.status === filter.status) && (!filter.type || event.eventType === filter.type);
