import { DetailList, DetailRow } from '@/components/ui/detail-list';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ArrowLeft, TriangleAlert } from 'lucide-react';
import { isApiError } from '@/api/api-error';
import type { Order } from '@/api/schemas/orders';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Time } from '@/components/ui/time';
import { formatNumber } from '@/lib/format';
import { sentOrders } from '@/lib/sent-orders';
import { useOrder } from '../api/get-order';
import { backToListHref } from '../lib/back-to-list';
import { CHANNEL_LABELS, TYPE_LABELS } from '../lib/labels';
import { isFinished } from '../lib/poll-interval';
import { expiryOf } from '../lib/timeline';
import { BeforeAfter } from './before-after';
import { DownloadButton } from './download-button';
import { OrderFiles } from './order-files';
import { OrderOptions } from './order-options';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';

const DOWNLOADABLE = ['complete', 'detected', 'undetected'];

const CHANNEL_HINTS = { web: 'made in the dashboard, signed in', api: 'made with an API key' };

/** The way back to the list, with the filters the user came from (docs/decisions/orders-dashboard.md). */
function BackToOrders() {
  const href = backToListHref(useLocation().state);
  return (
    <Link
      to={href}
      className="inline-flex items-center gap-1 self-start rounded-md text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {href === '/orders' ? 'Back to orders' : 'Back to the filtered orders'}
    </Link>
  );
}


export function OrderNotFound({ orderId }: { orderId: string }) {
  return (
    <>
      <PageHeader title="Order not found" />
      <Card>
        <p className="text-sm">
          There is no order <code className="font-mono break-all">{orderId}</code> in this account. It may belong to another account, or the id may be
          mistyped.
        </p>
        <Link to="/orders" className="mt-3 inline-block text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          Back to the orders
        </Link>
      </Card>
    </>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading the order">
      <Skeleton className="mb-6 h-8 w-64" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}

function Results({ order }: { order: Order }) {
  if (order.type === 'watermarkExtract') {
    if (order.status === 'detected') return <DetailRow label="Watermark found">{order.watermarkText ?? '(the service sent no text)'}</DetailRow>;
    if (order.status === 'undetected') return <DetailRow label="Watermark">No watermark found in this file.</DetailRow>;
  }
  return null;
}

/**
 * The order page. `pendingSlot` is where the route puts the upload-resume control for pending orders
 * (it belongs to the uploads feature, which this one must not import); `finishedSlot` likewise holds
 * actions for finished orders (e.g. verifying a watermark).
 */
export function OrderDetail({
  orderId,
  pendingSlot,
  finishedSlot,
}: {
  orderId: string;
  pendingSlot?: (order: Order) => ReactNode;
  finishedSlot?: (order: Order) => ReactNode;
}) {
  const query = useOrder(orderId);
  // What this browser sent (names, options, the "before" preview); read once, it does not change.
  const [sent] = useState(() => sentOrders().load(orderId));

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.code === 'ORDER_NOT_FOUND') return <OrderNotFound orderId={orderId} />;
    return (
      <>
        <PageHeader title="Order" />
        <ErrorAlert error={query.error} title="The order could not be loaded." onRetry={() => void query.refetch()} />
      </>
    );
  }

  const order = query.data;
  const finished = isFinished(order.status);
  const preview = order.status === 'complete' && (order.type === 'antiAi' || order.type === 'watermarkEmbed');
  return (
    <>
      <div className="mb-3 flex">
        <BackToOrders />
      </div>
      <PageHeader
        title={order.orderName}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <code className="font-mono text-xs break-all">{order.orderId}</code>
            <CopyButton text={order.orderId} label="Copy order id" />
          </span>
        }
      />
      <div className="flex flex-col gap-6">
        <div role="status" aria-label="Order status" className="flex flex-wrap items-center gap-3">
          <span className="text-sm">Status:</span>
          <OrderStatusBadge status={order.status} className="text-sm" />
          {!finished && <span className="text-sm text-zinc-600 dark:text-zinc-400">This page updates by itself.</span>}
        </div>
        {order.errors && (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            <p className="flex items-center gap-1 font-medium">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
              The service reported a problem
            </p>
            <p className="mt-1 whitespace-pre-wrap">{order.errors}</p>
          </div>
        )}
        {order.status === 'expired' && (
          <Notice tone="warning">
            Orders expire 7 days after creation; the files can no longer be downloaded. Create a new order.{' '}
            <Link to="/orders/new" className="font-medium underline">
              New order
            </Link>
          </Notice>
        )}
        {DOWNLOADABLE.includes(order.status) && <DownloadButton orderId={order.orderId} />}
        {order.status === 'pending' && pendingSlot?.(order)}
        {finished && finishedSlot?.(order)}
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title="Details">
            <DetailList>
              <DetailRow label="Type">{TYPE_LABELS[order.type]}</DetailRow>
              <DetailRow label="Channel">
                {CHANNEL_LABELS[order.channel]}{' '}
                <span className="font-normal text-zinc-600 dark:text-zinc-400">({CHANNEL_HINTS[order.channel]})</span>
              </DetailRow>
              <DetailRow label="Files">{formatNumber(order.fileCount)}</DetailRow>
              <DetailRow label="Created">
                <Time display="both" value={order.createdAt} />
              </DetailRow>
              <DetailRow label="Last change">
                <Time display="both" value={order.updatedAt} />
              </DetailRow>
              {finished && order.status !== 'failed' && (
                <DetailRow label={order.status === 'expired' ? 'Expired' : 'Expires'}>
                  <Time display="both" value={expiryOf(order.createdAt)} />
                </DetailRow>
              )}
              <Results order={order} />
            </DetailList>
          </Card>
          <Card title="Timeline">
            <OrderTimeline order={order} />
          </Card>
          <Card title="Files" className="lg:col-span-2">
            <OrderFiles order={order} sent={sent} />
          </Card>
          <Card title="Options used">
            <OrderOptions order={order} sent={sent} />
          </Card>
          {preview && (
            <Card title="Before and after">
              <BeforeAfter order={order} sent={sent} />
            </Card>
          )}
        </div>
      </div>
    </>
  );
}
