import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router-dom';
import type { Order } from '@/api/schemas/orders';
import { CopyButton } from '@/components/ui/form/copy-button';
import { Table, type Column } from '@/components/ui/data/table';
import { Time } from '@/components/ui/data/time';
import { formatNumber } from '@/lib/format';
import { fromListState } from '../../lib/back-to-list';
import { CHANNEL_LABELS, shortId, TYPE_LABELS } from '../../lib/labels';
import { OrderStatusBadge } from '../order-status-badge';

function IdCell({ id }: { id: string }) {
  const { t } = useLingui();
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <code className="font-mono text-xs" title={id}>
        {shortId(id)}
      </code>
      {/* The kit's CopyButton names itself "<label> <what>"; `what` is worded to follow "Copy" in each language. */}
      <CopyButton text={id} label={t`Copy`} what={t`order id ${id}`} />
    </span>
  );
}

/** The order's name as a link; it carries the list's filters so the order page's "Back" returns to them. */
function OrderLink({ order }: { order: Order }) {
  const state = fromListState(useLocation().search);
  return (
    <Link to={`/orders/${encodeURIComponent(order.orderId)}`} state={state} className="font-medium break-words text-indigo-700 hover:underline dark:text-indigo-300">
      {order.orderName}
    </Link>
  );
}

/**
 * Every order of the page. A table from 768 px up; below, each order is a card of "label: value" lines (the
 * kit's stacked mode), so every column stays readable on a phone without sideways scrolling.
 */
export function OrdersTable({ orders, busy }: { orders: Order[] | undefined; busy?: boolean }) {
  const { i18n, t } = useLingui();
  // Built on each render, not once per module: the headers and cells are words of the active locale.
  const columns: Column<Order>[] = [
    // A context: a webhook's "Name" is another word in Korean and Japanese (the order's name is 주문명 / 注文名).
    { key: 'name', header: t({ message: 'Name', context: 'order name column' }), primary: true, cell: (o) => <OrderLink order={o} /> },
    { key: 'status', header: t`Status`, cell: (o) => <OrderStatusBadge status={o.status} /> },
    { key: 'type', header: t`Type`, cell: (o) => i18n._(TYPE_LABELS[o.type]) },
    { key: 'files', header: t`Files`, cell: (o) => formatNumber(o.fileCount) },
    { key: 'created', header: t`Created`, cell: (o) => <Time value={o.createdAt} /> },
    { key: 'channel', header: t`Channel`, cell: (o) => i18n._(CHANNEL_LABELS[o.channel]) },
    { key: 'id', header: t`Id`, cell: (o) => <IdCell id={o.orderId} /> },
  ];
  return (
    <div className={busy ? 'opacity-70 transition-opacity' : undefined}>
      <Table
        caption={t`Orders`}
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
