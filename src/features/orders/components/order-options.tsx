import { DetailList, DetailRow } from '@/components/ui/detail-list';
import type { Order } from '@/api/schemas/orders';
import type { SentOrder } from '@/lib/sent-orders';

const STRENGTH_WORDS: Record<string, string> = { low: 'Low', standard: 'Standard', high: 'High' };

const NOT_REPORTED = 'Not reported by the service (this order was not created in this browser)';


/**
 * The options the order was made with. Embed texts come from the service (the detail carries them);
 * strength, zero copy and the extract's original only from what this browser sent.
 */
export function OrderOptions({ order, sent }: { order: Order; sent: SentOrder | null }) {
  if (order.type === 'antiAi') {
    return (
      <DetailList>
        <DetailRow label="Strength">{sent?.strength ? (STRENGTH_WORDS[sent.strength] ?? sent.strength) : NOT_REPORTED}</DetailRow>
        <DetailRow label="Results">
          {sent ? (sent.zeroCopy ? 'Delivered to your own storage (zero copy)' : 'Kept by the service for download') : NOT_REPORTED}
        </DetailRow>
      </DetailList>
    );
  }
  if (order.type === 'watermarkEmbed') {
    const texts = order.watermarks ?? [];
    return (
      <DetailList>
        <DetailRow label="Watermark texts">
          {texts.length === 0 ? (
            'None reported'
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
      <DetailRow label="Original image">{sent ? (sent.originalFileName ?? 'None: the file was checked on its own') : NOT_REPORTED}</DetailRow>
    </DetailList>
  );
}
