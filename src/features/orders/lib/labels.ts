import { msg } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';
import type { Order, OrderStatus } from '@/api/schemas/orders';

/** The order kinds in the glossary's words (§ 1): rendered with i18n._(), so they follow the active locale. */
export const TYPE_LABELS: Record<Order['type'], MessageDescriptor> = {
  antiAi: msg`Anti-AI`,
  watermarkEmbed: msg`Watermark embed`,
  watermarkExtract: msg`Watermark extract`,
};
// The console writes the channel values in capitals in ko/ja (WEB / API); English keeps "Web".
export const CHANNEL_LABELS: Record<Order['channel'], MessageDescriptor> = { api: msg`API`, web: msg`Web` };

// The glossary's status words (§ 2); "detected" / "undetected" are the extract results of § 1.
export const STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  pending: msg`Waiting for files`,
  inProgress: msg`Processing`,
  complete: msg`Complete`,
  detected: msg`Watermark found`,
  undetected: msg`No watermark found`,
  failed: msg`Failed`,
  expired: msg`Expired`,
};

/** The status in the active locale's words; called while rendering (filters, tests). */
export function statusLabel(status: OrderStatus): string {
  return i18n._(STATUS_LABELS[status]);
}

export function shortId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}
