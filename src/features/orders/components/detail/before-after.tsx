import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '@/api/schemas/orders';
import type { SentOrder } from '@/lib/sent-orders';
import { OrderThumbnail } from './order-thumbnail';

/**
 * The first file before and after processing. "After" is the service's thumbnail (made from the result
 * once there is one); "before" is the small preview this browser drew when it created the order,
 * since the service keeps no original to show.
 */
export function BeforeAfter({ order, sent }: { order: Order; sent: SentOrder | null }) {
  const { t } = useLingui();
  const name = sent?.files[0]?.fileName;
  if (!order.thumbnailImageUrl) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        <Trans>The service has no preview of this order.</Trans>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-4">
        <figure className="flex flex-col gap-1">
          {sent?.before ? (
            <img src={sent.before} alt={name ? t`${name} before processing` : t`The first file before processing`} className="h-40 w-40 rounded-md object-cover" />
          ) : (
            <div className="flex h-40 w-40 items-center justify-center rounded-md bg-zinc-100 p-2 text-center text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">
              <Trans>No original to show: the service keeps none</Trans>
            </div>
          )}
          <figcaption className="text-xs font-medium">
            <Trans>Before</Trans>
          </figcaption>
        </figure>
        <figure className="flex flex-col gap-1">
          <OrderThumbnail src={order.thumbnailImageUrl} alt={name ? t`Thumbnail of ${name} after processing` : t`Thumbnail of the first file after processing`} />
          <figcaption className="text-xs font-medium">
            <Trans>After</Trans>
          </figcaption>
        </figure>
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {order.type === 'antiAi' ? (
          <Trans>The protection pattern is meant to be hard to see; compare at full size in the downloaded files.</Trans>
        ) : (
          <Trans>The watermark is invisible; use "Verify watermark" above to read it back.</Trans>
        )}
      </p>
    </div>
  );
}
