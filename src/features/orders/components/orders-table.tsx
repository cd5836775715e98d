import { Link } from 'react-router-dom';
import type { Order } from '@/api/schemas/orders';
import { CopyButton } from '@/components/ui/copy-button';
import { Table, type Column } from '@/components/ui/table';
import { Time } from '@/components/ui/time';
import { formatNumber } from '@/lib/format';
import { CHANNEL_LABELS, shortId, TYPE_LABELS } from '../lib/labels';
import { OrderStatusBadge } from './order-status-badge';

function IdCell({ id }: { id: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <code className="font-mono text-xs" title={id}>
        {shortId(id)}
      </code>
      <CopyButton text={id} label="Copy" what={`order id ${id}`} />
    </span>
  );
}

const columns: Column<Order>[] = [
  {
    key: 'name',
    header: 'Name',
    primary: true,
    cell: (o) => (
      <Link to={`/orders/${encodeURIComponent(o.orderId)}`} className="font-medium break-all text-indigo-700 hover:underline dark:text-indigo-300">
        {o.orderName}
      </Link>
    ),
  },
  { key: 'status', header: 'Status', cell: (o) => <OrderStatusBadge status={o.status} /> },
  { key: 'type', header: 'Type', cell: (o) => TYPE_LABELS[o.type] },
  { key: 'files', header: 'Files', cell: (o) => formatNumber(o.fileCount) },
  { key: 'created', header: 'Created', cell: (o) => <Time value={o.createdAt} /> },
  { key: 'channel', header: 'Channel', cell: (o) => CHANNEL_LABELS[o.channel] },
  { key: 'id', header: 'Id', cell: (o) => <IdCell id={o.orderId} /> },
];

/**
 * Every order of the page. A table from 768 px up; below, each order is a card of "label: value" lines (the
 * kit's stacked mode), so every column stays readable on a phone without sideways scrolling.
 */
export function OrdersTable({ orders, busy }: { orders: Order[] | undefined; busy?: boolean }) {
  return (
    <div className={busy ? 'opacity-70 transition-opacity' : undefined}>
      <Table
        caption="Orders"
        captionHidden
        columns={columns}
        rows={orders}
        rowKey={(o) => o.orderId}
        rowData={() => ({ 'data-testid': 'order-row' })}
        loading={busy || orders === undefined}
        loadingRows={5}
        stackBelow="md"
      />
    </div>
  );
}
