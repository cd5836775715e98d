import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ORDER_LIFETIME_DAYS } from '@/api/limits';
import type { Order } from '@/api/schemas/orders';
import { isFinished } from './poll-interval';
import { DAY_MS } from '@/lib/time';


export interface TimelineStep {
  key: 'created' | 'uploading' | 'processing' | 'finished' | 'failed' | 'expires' | 'expired';
  /** A step's name; its own context, as a step reads differently from the same English word as a status or a column. */
  label: MessageDescriptor;
  /** ISO time when known; null for a step reached but not timed by the service. */
  at: string | null;
  state: 'done' | 'current' | 'upcoming';
}

const LABELS: Record<TimelineStep['key'], MessageDescriptor> = {
  created: msg({ message: 'Created', context: 'order timeline step' }),
  uploading: msg({ message: 'Waiting for files', context: 'order timeline step' }),
  processing: msg({ message: 'Processing', context: 'order timeline step' }),
  finished: msg({ message: 'Finished', context: 'order timeline step' }),
  failed: msg({ message: 'Failed', context: 'order timeline step' }),
  expires: msg({ message: 'Expires', context: 'order timeline step' }),
  expired: msg({ message: 'Expired', context: 'order timeline step' }),
};

export function expiryOf(createdAt: string): string {
  return new Date(new Date(createdAt).getTime() + ORDER_LIFETIME_DAYS * DAY_MS).toISOString();
}

/**
 * What happened when, from the few times the service gives (createdAt, updatedAt, completedAt):
 * intermediate steps have no time of their own, so they are shown as reached without one.
 */
export function buildTimeline(order: Pick<Order, 'status' | 'createdAt' | 'updatedAt' | 'completedAt'>): TimelineStep[] {
  const { status } = order;
  const finishedAt = order.completedAt ?? order.updatedAt;
  const steps: TimelineStep[] = [{ key: 'created', label: LABELS.created, at: order.createdAt, state: 'done' }];
  const finished = isFinished(status);
  steps.push({
    key: 'uploading',
    label: LABELS.uploading,
    at: null,
    state: status === 'pending' ? 'current' : 'done',
  });
  steps.push({
    key: 'processing',
    label: LABELS.processing,
    at: null,
    state: status === 'inProgress' ? 'current' : finished ? 'done' : 'upcoming',
  });
  if (status === 'failed') {
    steps.push({ key: 'failed', label: LABELS.failed, at: finishedAt, state: 'done' });
  } else if (status === 'expired') {
    steps.push({ key: 'finished', label: LABELS.finished, at: order.completedAt ?? null, state: 'done' });
    steps.push({ key: 'expired', label: LABELS.expired, at: expiryOf(order.createdAt), state: 'done' });
  } else {
    steps.push({ key: 'finished', label: LABELS.finished, at: finished ? finishedAt : null, state: finished ? 'done' : 'upcoming' });
    if (finished) steps.push({ key: 'expires', label: LABELS.expires, at: expiryOf(order.createdAt), state: 'upcoming' });
  }
  return steps;
}
