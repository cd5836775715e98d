import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { getOrder, getOrderDownload } from '@/api/orders';
import { FINISHED_STATUSES, type Order, type OrderStatus } from '@/api/schemas/orders';
import { Button } from '@/components/ui/form/button';
import { EmptyState } from '@/components/ui/feedback/empty-state';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Table, type Column } from '@/components/ui/data/table';
import { orderKeys } from '@/lib/query-keys';
import { uploadBatches, type BatchOrderRecord } from '../../lib/batch/batch-store';
import { saveThroughLink } from '../../lib/batch/download-all';
import { BatchDownload } from './batch-download';
import { BatchResume, type WaitingOrder } from './batch-resume';

/** Polled every 2 s while the order can still change; react-query pauses it in a hidden tab. */
const POLL_MS = 2_000;

/** Only these statuses have a result ZIP. */
const DOWNLOADABLE: readonly OrderStatus[] = ['complete'];

interface Row {
  index: number;
  record: BatchOrderRecord;
  order: Order | undefined;
  error: unknown;
}

/**
 * One batch's orders with their states, live until every order is finished, and their results: each
 * finished order's download, "Download all" as one ZIP, and one drop that finishes every waiting order. The batch is read from
 * this browser's storage (the service knows orders, not batches); the order's status comes from the service.
 */
export function BatchOrders({ batchId, renderStatus }: { batchId: string; renderStatus: (status: OrderStatus) => ReactNode }) {
  const { t } = useLingui();
  // Read again after a resume on this page marks orders as uploaded.
  const [version, setVersion] = useState(0);
  const record = useMemo(() => (version >= 0 ? uploadBatches().load(batchId) : null), [batchId, version]);
  const created = record?.orders.flatMap((o) => (o.orderId ? [o.orderId] : [])) ?? [];
  const queries = useQueries({
    queries: created.map((orderId) => ({
      queryKey: orderKeys.detail(orderId),
      queryFn: ({ signal }: { signal: AbortSignal }) => getOrder(orderId, signal),
      refetchIntervalInBackground: false,
      refetchInterval: (query: { state: { data?: Order; error: unknown } }) =>
        query.state.error || (query.state.data && FINISHED_STATUSES.includes(query.state.data.status)) ? false : POLL_MS,
    })),
  });
  // The orders the resume section finishes, fixed once every status is known: orders it confirms stop waiting
  // while it runs, and the section stays to say how it ended.
  const [resumeList, setResumeList] = useState<WaitingOrder[] | null>(null);
  const waitingNow = (record?.orders ?? []).flatMap((o, index) => {
    const q = o.orderId ? queries[created.indexOf(o.orderId)] : undefined;
    return o.orderId && q?.data?.status === 'pending' && !o.uploaded ? [{ index, orderId: o.orderId }] : [];
  });
  const allRead = queries.every((q) => !q.isPending);
  const waitingKey = waitingNow.map((w) => w.orderId).join(' ');
  useEffect(() => {
    if (resumeList === null && allRead && waitingKey !== '') setResumeList(waitingNow);
    // waitingNow is new on every render; its ids are the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resumeList, allRead, waitingKey]);

  if (!record) {
    return (
      <EmptyState
        title={t`This batch is not known in this browser`}
        description={t`Batches are remembered by the browser that sent them, for 7 days. Its orders are still in the orders list.`}
        action={
          <Link className="underline" to="/orders">
            <Trans>Go to the orders</Trans>
          </Link>
        }
      />
    );
  }

  const byId = new Map(created.map((id, i) => [id, queries[i]]));
  const rows: Row[] = record.orders.map((o, index) => {
    const q = o.orderId ? byId.get(o.orderId) : undefined;
    return { index, record: o, order: q?.data, error: q?.error ?? null };
  });
  const isFinished = (r: Row) => r.order !== undefined && FINISHED_STATUSES.includes(r.order.status);
  // An order whose files this browser never finished sending stays pending until someone resumes it: the page
  // says so instead of promising live updates that will not come.
  const isWaiting = (r: Row) => r.order?.status === 'pending' && !r.record.uploaded;
  const finished = rows.filter(isFinished).length;
  const waiting = rows.filter(isWaiting).length;
  const moving = rows.filter((r) => r.record.orderId && !r.error && !isFinished(r) && !isWaiting(r)).length;
  const ready = rows.flatMap((r) => (r.order && DOWNLOADABLE.includes(r.order.status) ? [r.order.orderId] : []));
  const total = rows.length;
  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: t`Order`,
      primary: true,
      cell: (row) =>
        row.record.orderId ? (
          <Link className="underline" to={`/orders/${encodeURIComponent(row.record.orderId)}`}>
            {row.record.name}
          </Link>
        ) : (
          row.record.name
        ),
    },
    { key: 'files', header: t`Files`, cell: (row) => String(row.record.fileCount) },
    {
      key: 'status',
      header: t`Status`,
      cell: (row) => {
        if (!row.record.orderId) return t`Not created: send these files again as a new order`;
        if (row.error) return t`Could not be read`;
        if (!row.order) return t`Loading…`;
        return (
          <span className="flex flex-wrap items-center gap-2">
            {renderStatus(row.order.status)}
            {row.order.status === 'pending' && !row.record.uploaded && (
              <span className="text-sm text-zinc-700 dark:text-zinc-300">
                <Trans>Waits for its files: finish below</Trans>
              </span>
            )}
          </span>
        );
      },
    },
    {
      key: 'result',
      header: t`Result`,
      cell: (row) =>
        row.order && DOWNLOADABLE.includes(row.order.status) ? <DownloadOne orderId={row.order.orderId} name={row.record.name} /> : <span aria-hidden="true">—</span>,
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm" data-testid="batch-summary" role="status">
        {t`${plural(total, { one: `${finished} of # order finished`, other: `${finished} of # orders finished` })}`}
        {moving > 0 && ` · ${t`updating live`}`}
        {waiting > 0 && ` · ${t`${plural(waiting, { one: '# order waits for its files: finish its upload below, on this page', other: '# orders wait for their files: finish their uploads below, on this page' })}`}`}
      </p>
      <BatchDownload record={record} ready={ready} />
      <Table caption={t`Orders of this batch`} columns={columns} rows={rows} rowKey={(row) => String(row.index)} stackBelow="md" />
      {resumeList && <BatchResume record={record} waiting={resumeList} onDone={() => setVersion((v) => v + 1)} />}
    </div>
  );
}

function DownloadOne({ orderId, name }: { orderId: string; name: string }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <span className="flex flex-col gap-1">
      <Button
        variant="secondary"
        size="sm"
        loading={busy}
        aria-label={t`Download the result of ${name}`}
        onClick={() => {
          setBusy(true);
          setError(null);
          getOrderDownload(orderId)
            .then(({ downloadUrl }) => saveThroughLink(downloadUrl))
            .catch(setError)
            .finally(() => setBusy(false));
        }}
      >
        <Trans>Download</Trans>
      </Button>
      {error !== null && <ErrorAlert error={error} />}
    </span>
  );
}
