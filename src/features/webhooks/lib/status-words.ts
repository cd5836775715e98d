import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DeliveryStatus } from '@/api/schemas/webhooks';

/*
 * A delivery's status as the service names it. English shows the service's own value as it is; Korean and
 * Japanese use the glossary's words for it (§ 3, "delivery status values").
 */
const WORDS: Record<DeliveryStatus, MessageDescriptor> = {
  PENDING: msg`PENDING`,
  SENT: msg`SENT`,
  RETRYING: msg`RETRYING`,
  FAILED: msg`FAILED`,
};

/** Called during render: the caller re-renders on a language change through useLingui(). */
export function deliveryStatusWord(status: DeliveryStatus): string {
  return i18n._(WORDS[status]);
}
