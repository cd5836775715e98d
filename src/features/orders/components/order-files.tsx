import type { Order } from '@/api/schemas/orders';
import { Table, type Column } from '@/components/ui/table';
import type { SentFile, SentOrder } from '@/lib/sent-orders';
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
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span>{formatCount(order.fileCount, 'file', 'files')}; the service reports one state for the whole order:</span>
          <OrderStatusBadge status={order.status} />
        </p>
        <p className="text-zinc-600 dark:text-zinc-400">
          The service does not report file names. They are shown for orders created in this browser; this one was made elsewhere
          {order.channel === 'api' ? ' (with an API key)' : ''}.
        </p>
        {order.thumbnailImageUrl && <OrderThumbnail src={order.thumbnailImageUrl} name={`the first file of ${order.orderName}`} size="sm" />}
      </div>
    );
  }
  const columns: Column<SentFile & { index: number }>[] = [
    {
      key: 'file',
      header: 'File',
      primary: true,
      cell: (file) => (
        <span className="flex min-w-0 items-center gap-3">
          {file.index === 0 && order.thumbnailImageUrl ? (
            <OrderThumbnail src={order.thumbnailImageUrl} name={file.fileName} size="sm" />
          ) : (
            <span aria-hidden="true" className="h-12 w-12 shrink-0 rounded-md bg-zinc-100 dark:bg-zinc-800" />
          )}
          <span className="min-w-0 break-all">{file.fileName}</span>
        </span>
      ),
    },
    { key: 'source', header: 'From', cell: (file) => sourceOf(file.url) },
    ...(order.type === 'watermarkEmbed'
      ? [{ key: 'texts', header: 'Texts', cell: (file: SentFile) => (file.texts && file.texts.length > 0 ? file.texts.join(' · ') : '—') }]
      : []),
    { key: 'state', header: 'State', cell: () => <OrderStatusBadge status={order.status} /> },
  ];
  return (
    <Table
      caption="Files of this order"
      captionHidden
      columns={columns}
      rows={sent.files.map((f, index) => ({ ...f, index }))}
      rowKey={(f) => `${f.index}-${f.fileName}`}
      stackBelow="md"
    />
  );
}
