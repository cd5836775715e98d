import type { ListOrdersQuery } from '@/api/schemas/orders';
import type { ListWebhooksQuery } from '@/api/schemas/webhooks';

/**
 * Query keys of every area in one place, shaped all → lists → list(filters),
 * details → detail(id), so one invalidation refreshes what it should (an order
 * created in uploads refreshes the orders lists and the overview).
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: ListOrdersQuery) => [...orderKeys.lists(), query] as const,
  /** Every order created since a moment: under lists(), so whatever refreshes the lists refreshes it too. */
  since: (since: number) => [...orderKeys.lists(), 'since', since] as const,
  /**
   * Rows of the local copy of the orders (features/orders/lib/history) from a moment on: NOT under lists(), so a finished
   * order does not send the history back to page 1; it adds itself to the copy (app/refresh-on-order-finish.ts).
   */
  copies: () => [...orderKeys.all, 'copy'] as const,
  copy: (from: number) => [...orderKeys.copies(), from] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (orderId: string) => [...orderKeys.details(), orderId] as const,
  /** A pending order's files still to upload (refresh-urls), under its detail so the order's refresh includes it. */
  pendingUploads: (orderId: string) => [...orderKeys.detail(orderId), 'pending-uploads'] as const,
};

export const statsKeys = {
  all: ['stats'] as const,
  recent: (date: string | undefined) => [...statsKeys.all, 'recent', date ?? 'today'] as const,
};

export const webhookKeys = {
  all: ['webhooks'] as const,
  lists: () => [...webhookKeys.all, 'list'] as const,
  list: (query: ListWebhooksQuery) => [...webhookKeys.lists(), query] as const,
  details: () => [...webhookKeys.all, 'detail'] as const,
  detail: (id: number) => [...webhookKeys.details(), id] as const,
  events: (id: number, page: number, limit: number) => [...webhookKeys.detail(id), 'events', page, limit] as const,
  /** The newest events (or all, up to a cap) that health, the events table and the diagnosis share. */
  deliveries: (id: number) => [...webhookKeys.detail(id), 'deliveries'] as const,
  recentAttempts: (id: number, limit: number, fingerprint: string) => [...webhookKeys.detail(id), 'recent-attempts', limit, fingerprint] as const,
  attempts: (id: number, eventId: number) => [...webhookKeys.detail(id), 'attempts', eventId] as const,
  /** An event's attempts for the diagnosis, keyed by what changes when an attempt is recorded, so an entry never goes stale. */
  diagnosisAttempts: (id: number, eventId: number, state: { status: string; retries: number; lastSentAt: string | null }) =>
    [...webhookKeys.attempts(id, eventId), 'diagnosis', state.status, state.retries, state.lastSentAt] as const,
  receiver: (name: string) => [...webhookKeys.all, 'receiver', name] as const,
};

export const emulatorKeys = {
  info: ['emulator', 'info'] as const,
};
