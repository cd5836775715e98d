import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Order } from '@/api/schemas/orders';

/** The order kinds in the glossary's words (§ 1): rendered with i18n._(), so they follow the active locale. */
export const TYPE_LABELS: Record<Order['type'], MessageDescriptor> = {
  antiAi: msg`Anti-AI`,
  watermarkEmbed: msg`Watermark embed`,
  watermarkExtract: msg`Watermark extract`,
};
// The console writes the channel values in capitals in ko/ja (WEB / API); English keeps "Web".
export const CHANNEL_LABELS: Record<Order['channel'], MessageDescriptor> = { api: msg`API`, web: msg`Web` };

export function shortId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}
