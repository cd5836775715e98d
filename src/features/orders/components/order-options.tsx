import type { ReactNode } from 'react';
import type { Order } from '@/api/schemas/orders';
import type { SentOrder } from '@/lib/sent-orders';

const STRENGTH_WORDS: Record<string, string> = { low: 'Low', standard: 'Standard', high: 'High' };

const NOT_REPORTED = 'Not reported by the service (this order was not created in this browser)';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="text-sm font-medium break-words sm:col-span-2">{children}</dd>
    </div>
  );
}

/**
 * The options the order was made with. Embed texts come from the service (the detail carries them);
 * strength, zero copy and the extract's original only from what this browser sent.
 */
export function OrderOptions({ order, sent }: { order: Order; sent: SentOrder | null }) {
  if (order.type === 'antiAi') {
    return (
      <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
        <Row label="Strength">{sent?.strength ? (STRENGTH_WORDS[sent.strength] ?? sent.strength) : NOT_REPORTED}</Row>
        <Row label="Results">
          {sent ? (sent.zeroCopy ? 'Delivered to your own storage (zero copy)' : 'Kept by the service for download') : NOT_REPORTED}
        </Row>
      </dl>
    );
  }
  if (order.type === 'watermarkEmbed') {
    const texts = order.watermarks ?? [];
    return (
      <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
        <Row label="Watermark texts">
          {texts.length === 0 ? (
            'None reported'
          ) : (
            <ul className="list-inside list-disc">
              {texts.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          )}
        </Row>
      </dl>
    );
  }
  return (
    <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
      <Row label="Original image">{sent ? (sent.originalFileName ?? 'None: the file was checked on its own') : NOT_REPORTED}</Row>
    </dl>
  );
}
