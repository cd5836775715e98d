import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DetailList, DetailRow } from '@/components/ui/data/detail-list';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { TriangleAlert } from 'lucide-react';
import { isApiError } from '@/api/api-error';
import type { Order } from '@/api/schemas/orders';
import { BackLink } from '@/components/ui/layout/back-link';
import { Card } from '@/components/ui/layout/card';
import { CopyButton } from '@/components/ui/form/copy-button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { PageHeader } from '@/components/ui/layout/page-header';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { Time } from '@/components/ui/data/time';
import { formatNumber } from '@/lib/format';
import { sentOrders } from '@/lib/sent-orders';
import { useOrder } from '../../api/get-order';
import { backToListHref } from '../../lib/back-to-list';
import { CHANNEL_LABELS, TYPE_LABELS } from '../../lib/labels';
import { isFinished } from '../../lib/poll-interval';
import { expiryOf } from '../../lib/timeline';
import { BeforeAfter } from './before-after';
import { DownloadButton } from './download-button';
import { OrderFiles } from './order-files';
import { OrderOptions } from './order-options';
import { OrderStatusBadge } from '../order-status-badge';
import { OrderTimeline } from './order-timeline';

const DOWNLOADABLE = ['complete', 'detected', 'undetected'];

const CHANNEL_HINTS = { web: msg`made in the dashboard, signed in`, api: msg`made with an API key` };

/** "Web (made in the dashboard, signed in)" as one message: ja puts the hint in full-width parentheses. */
function ChannelWithHint({ channel }: { channel: Order['channel'] }) {
  const { i18n } = useLingui();
  const name = i18n._(CHANNEL_LABELS[channel]);
  const hint = i18n._(CHANNEL_HINTS[channel]);
  return (
    <Trans>
      {name} <span className="font-normal text-zinc-600 dark:text-zinc-400">({hint})</span>
    </Trans>
  );
}

/** The way back to the list, with the filters the user came from (docs/decisions/orders-dashboard.md). */
function BackToOrders() {
  const href = backToListHref(useLocation().state);
  return <BackLink to={href}>{href === '/orders' ? <Trans>Back to orders</Trans> : <Trans>Back to the filtered orders</Trans>}</BackLink>;
}


export function OrderNotFound({ orderId }: { orderId: string }) {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Order not found`} />
      <Card>
        <p className="text-sm">
          <Trans>
            There is no order <code className="font-mono break-all">{orderId}</code> in this account. It may belong to another account, or the id may be
            mistyped.
          </Trans>
        </p>
        <Link to="/orders" className="mt-3 inline-block text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          <Trans>Back to the orders</Trans>
        </Link>
      </Card>
    </>
  );
}

function DetailSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading the order`}>
      <Skeleton className="mb-6 h-8 w-64" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}

function Results({ order }: { order: Order }) {
  const { t } = useLingui();
  if (order.type === 'watermarkExtract') {
    if (order.status === 'detected') return <DetailRow label={t({ message: 'Watermark found', context: 'extracted text label' })}>{order.watermarkText ?? t`(the service sent no text)`}</DetailRow>;
    if (order.status === 'undetected') {
      return (
        <DetailRow label={t`Watermark`}>
          <Trans>No watermark found in this file.</Trans>
        </DetailRow>
      );
    }
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
  const { i18n, t } = useLingui();
  const query = useOrder(orderId);
  // What this browser sent (names, options, the "before" preview); read once, it does not change.
  const [sent] = useState(() => sentOrders().load(orderId));

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.code === 'ORDER_NOT_FOUND') return <OrderNotFound orderId={orderId} />;
    return (
      <>
        <PageHeader title={t`Order`} />
        <ErrorAlert error={query.error} title={t`The order could not be loaded.`} onRetry={() => void query.refetch()} />
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
            <CopyButton text={order.orderId} label={t`Copy order id`} />
          </span>
        }
      />
      <div className="flex flex-col gap-6">
        <div role="status" aria-label={t`Order status`} className="flex flex-wrap items-center gap-3">
          <span className="text-sm">
            <Trans>Status:</Trans>
          </span>
          <OrderStatusBadge status={order.status} className="text-sm" />
          {!finished && (
            <span className="text-sm text-zinc-600 dark:text-zinc-400">
              <Trans>This page updates by itself.</Trans>
            </span>
          )}
        </div>
        {order.errors && (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            <p className="flex items-center gap-1 font-medium">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
              <Trans>The service reported a problem</Trans>
            </p>
            <p className="mt-1 whitespace-pre-wrap">{order.errors}</p>
          </div>
        )}
        {order.status === 'expired' && (
          <Notice tone="warning">
            <Trans>
              Orders expire 7 days after creation; the files can no longer be downloaded. Create a new order.{' '}
              <Link to="/orders/new" className="font-medium underline">
                New order
              </Link>
            </Trans>
          </Notice>
        )}
        {DOWNLOADABLE.includes(order.status) && <DownloadButton orderId={order.orderId} />}
        {order.status === 'pending' && pendingSlot?.(order)}
        {finished && finishedSlot?.(order)}
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title={t`Details`}>
            <DetailList>
              <DetailRow label={t`Type`}>{i18n._(TYPE_LABELS[order.type])}</DetailRow>
              <DetailRow label={t`Channel`}>
                <ChannelWithHint channel={order.channel} />
              </DetailRow>
              <DetailRow label={t`Files`}>{formatNumber(order.fileCount)}</DetailRow>
              <DetailRow label={t`Created`}>
                <Time display="both" value={order.createdAt} />
              </DetailRow>
              <DetailRow label={t`Last change`}>
                <Time display="both" value={order.updatedAt} />
              </DetailRow>
              {finished && order.status !== 'failed' && (
                <DetailRow
                  label={order.status === 'expired' ? t({ message: 'Expired', context: 'date label' }) : t({ message: 'Expires', context: 'date label' })}
                >
                  <Time display="both" value={expiryOf(order.createdAt)} />
                </DetailRow>
              )}
              <Results order={order} />
            </DetailList>
          </Card>
          <Card title={t`Timeline`}>
            <OrderTimeline order={order} />
          </Card>
          <Card title={t`Files`} className="lg:col-span-2">
            <OrderFiles order={order} sent={sent} />
          </Card>
          <Card title={t`Options used`}>
            <OrderOptions order={order} sent={sent} />
          </Card>
          {preview && (
            <Card title={t`Before and after`}>
              <BeforeAfter order={order} sent={sent} />
            </Card>
          )}
        </div>
      </div>
    </>
  );
}
