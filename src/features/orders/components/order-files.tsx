import type { Order } from '@/api/schemas/orders';
import type { SentOrder } from '@/lib/sent-orders';
import { formatCount } from '@/lib/plural';
import { OrderStatusBadge } from './order-status-badge';
import { OrderThumbnail } from './order-thumbnail';

function sourceOf(url: string | undefined): string {
  if (!url) return 'Uploaded from this browser';
  try {
    return `Fetched by the service from ${new URL(url).host}`;
  } catch {
    return 'Fetched by the service from a URL';
  }
}

/**
 * Every file of the order. The service reports one state per order, not per file, and no file names
 * (docs/decisions/orders-dashboard.md): the names come from what this browser sent, each file shows
 * the order's state, and the service's one thumbnail belongs to the first file.
 */
export function OrderFiles({ order, sent }: { order: Order; sent: SentOrder | null }) {
  if (!sent) {
    return (
      <div className="flex flex-col gap-3 text-sm">
        <p>
          {formatCount(order.fileCount, 'file', 'files')}, all <OrderStatusBadge status={order.status} />
        </p>
        <p className="text-zinc-600 dark:text-zinc-400">
          The service does not report file names. They are shown for orders created in this browser; this one was made elsewhere
          {order.channel === 'api' ? ' (with an API key)' : ''}.
        </p>
        {order.thumbnailImageUrl && <OrderThumbnail src={order.thumbnailImageUrl} name={`the first file of ${order.orderName}`} size="sm" />}
      </div>
    );
  }
  return (
    <ul aria-label="Files of this order" className="flex flex-col divide-y divide-zinc-100 dark:divide-zinc-800">
      {sent.files.map((file, index) => (
        <li key={`${file.fileName}-${index}`} className="flex flex-wrap items-start gap-3 py-2 first:pt-0 last:pb-0">
          {index === 0 && order.thumbnailImageUrl ? (
            <OrderThumbnail src={order.thumbnailImageUrl} name={file.fileName} size="sm" />
          ) : (
            <span aria-hidden="true" className="h-12 w-12 shrink-0 rounded-md bg-zinc-100 dark:bg-zinc-800" />
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="text-sm font-medium break-all">{file.fileName}</p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{sourceOf(file.url)}</p>
            {file.texts && file.texts.length > 0 && (
              <p className="text-xs break-words">
                <span className="text-zinc-600 dark:text-zinc-400">Texts: </span>
                {file.texts.join(' · ')}
              </p>
            )}
          </div>
          <OrderStatusBadge status={order.status} />
        </li>
      ))}
    </ul>
  );
}
