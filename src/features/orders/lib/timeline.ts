import type { Order } from '@/api/schemas/orders';
import { isFinished } from './poll-interval';

export const ORDER_LIFETIME_DAYS = 7;

export interface TimelineStep {
  key: 'created' | 'uploading' | 'processing' | 'finished' | 'failed' | 'expires' | 'expired';
  label: string;
  /** ISO time when known; null for a step reached but not timed by the service. */
  at: string | null;
  state: 'done' | 'current' | 'upcoming';
}

export function expiryOf(createdAt: string): string {
  return new Date(new Date(createdAt).getTime() + ORDER_LIFETIME_DAYS * 86_400_000).toISOString();
}

/**
 * What happened when, from the few times the service gives (createdAt, updatedAt, completedAt):
 * intermediate steps have no time of their own, so they are shown as reached without one.
 */
export function buildTimeline(order: Pick<Order, 'status' | 'createdAt' | 'updatedAt' | 'completedAt'>): TimelineStep[] {
  const { status } = order;
  const finishedAt = order.completedAt ?? order.updatedAt;
  const steps: TimelineStep[] = [{ key: 'created', label: 'Created', at: order.createdAt, state: 'done' }];
  const finished = isFinished(status);
  steps.push({
    key: 'uploading',
    label: 'Waiting for files',
    at: null,
    state: status === 'pending' ? 'current' : 'done',
  });
  steps.push({
    key: 'processing',
    label: 'Processing',
    at: null,
    state: status === 'inProgress' ? 'current' : finished ? 'done' : 'upcoming',
  });
  if (status === 'failed') {
    steps.push({ key: 'failed', label: 'Failed', at: finishedAt, state: 'done' });
  } else if (status === 'expired') {
    steps.push({ key: 'finished', label: 'Finished', at: order.completedAt ?? null, state: 'done' });
    steps.push({ key: 'expired', label: 'Expired', at: expiryOf(order.createdAt), state: 'done' });
  } else {
    steps.push({ key: 'finished', label: 'Finished', at: finished ? finishedAt : null, state: finished ? 'done' : 'upcoming' });
    if (finished) steps.push({ key: 'expires', label: 'Expires', at: expiryOf(order.createdAt), state: 'upcoming' });
  }
  return steps;
}
