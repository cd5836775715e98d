import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DetailList, DetailRow } from '@/components/ui/data/detail-list';
import type { Order } from '@/api/schemas/orders';
import type { SentOrder } from '@/lib/sent-orders';

// The protection strengths in the glossary's short labels (§ 1).
const STRENGTH_WORDS: Record<string, MessageDescriptor> = { low: msg`Low`, standard: msg`Standard`, high: msg`High` };

const NOT_REPORTED = msg`Not reported by the service (this order was not created in this browser)`;

/**
 * The options the order was made with. Embed texts come from the service (the detail carries them);
 * strength, zero copy and the extract's original only from what this browser sent.
 */
export function OrderOptions({ order, sent }: { order: Order; sent: SentOrder | null }) {
  const { i18n, t } = useLingui();
  const notReported = i18n._(NOT_REPORTED);
  if (order.type === 'antiAi') {
    const strength = sent?.strength ? STRENGTH_WORDS[sent.strength] : undefined;
    return (
      <DetailList>
        <DetailRow label={t`Strength`}>{sent?.strength ? (strength ? i18n._(strength) : sent.strength) : notReported}</DetailRow>
        <DetailRow label={t`Results`}>
          {sent ? (sent.zeroCopy ? t`Delivered to your own storage (zero copy)` : t`Kept by the service for download`) : notReported}
        </DetailRow>
      </DetailList>
    );
  }
  if (order.type === 'watermarkEmbed') {
    const texts = order.watermarks ?? [];
    return (
      <DetailList>
        <DetailRow label={t`Watermark texts`}>
          {texts.length === 0 ? (
            <Trans>None reported</Trans>
          ) : (
            <ul className="list-inside list-disc">
              {texts.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          )}
        </DetailRow>
      </DetailList>
    );
  }
  return (
    <DetailList>
      <DetailRow label={t`Original image`}>{sent ? (sent.originalFileName ?? t`None: the file was checked on its own`) : notReported}</DetailRow>
    </DetailList>
  );
}
