import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '@/api/schemas/orders';
import { Table, type Column } from '@/components/ui/data/table';
import type { SentFile, SentOrder } from '@/lib/sent-orders';
import { OrderStatusBadge } from '../order-status-badge';
import { OrderThumbnail } from './order-thumbnail';

function sourceOf(url: string | undefined, i18n: I18n): string {
  if (!url) return i18n._(msg`Uploaded from this browser`);
  try {
    const host = new URL(url).host;
    return i18n._(msg`Fetched by the service from ${host}`);
  } catch {
    return i18n._(msg`Fetched by the service from a URL`);
  }
}

/**
 * Every file of the order. The service reports one state per order, not per file, and no file names
 * (docs/decisions/orders-dashboard.md): the names come from what this browser sent, each file shows
 * the order's state, and the service's one thumbnail belongs to the first file.
 */
export function OrderFiles({ order, sent }: { order: Order; sent: SentOrder | null }) {
  const { i18n, t } = useLingui();
  if (!sent) {
    const { orderName, fileCount } = order;
    return (
      <div className="flex flex-col gap-3 text-sm">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span>
            <Plural
              value={fileCount}
              one="# file; the service reports one state for the whole order:"
              other="# files; the service reports one state for the whole order:"
            />
          </span>
          <OrderStatusBadge status={order.status} />
        </p>
        <p className="text-zinc-600 dark:text-zinc-400">
          {order.channel === 'api' ? (
            <Trans>
              The service does not report file names. They are shown for orders created in this browser; this one was made elsewhere (with an API
              key).
            </Trans>
          ) : (
            <Trans>The service does not report file names. They are shown for orders created in this browser; this one was made elsewhere.</Trans>
          )}
        </p>
        {order.thumbnailImageUrl && <OrderThumbnail src={order.thumbnailImageUrl} alt={t`Thumbnail of the first file of ${orderName}`} size="sm" />}
      </div>
    );
  }
  const columns: Column<SentFile & { index: number }>[] = [
    {
      key: 'file',
      header: t`File`,
      primary: true,
      cell: (file) => {
        const fileName = file.fileName;
        return (
          <span className="flex min-w-0 items-center gap-3">
            {file.index === 0 && order.thumbnailImageUrl ? (
              <OrderThumbnail src={order.thumbnailImageUrl} alt={t`Thumbnail of ${fileName}`} size="sm" />
            ) : (
              <span aria-hidden="true" className="h-12 w-12 shrink-0 rounded-md bg-zinc-100 dark:bg-zinc-800" />
            )}
            <span className="min-w-0 break-all">{fileName}</span>
          </span>
        );
      },
    },
    // A context: the webhook pages' "From" is a start date.
    { key: 'source', header: t({ message: 'From', context: 'file source column' }), cell: (file) => sourceOf(file.url, i18n) },
    ...(order.type === 'watermarkEmbed'
      ? [{ key: 'texts', header: t`Texts`, cell: (file: SentFile) => (file.texts && file.texts.length > 0 ? file.texts.join(' · ') : '—') }]
      : []),
    { key: 'state', header: t`State`, cell: () => <OrderStatusBadge status={order.status} /> },
  ];
  return (
    <Table
      caption={t`Files of this order`}
      captionHidden
      columns={columns}
      rows={sent.files.map((f, index) => ({ ...f, index }))}
      rowKey={(f) => `${f.index}-${f.fileName}`}
      stackBelow="md"
    />
  );
}
