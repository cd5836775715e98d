import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { Table, type Column } from '@/components/ui/data/table';
import { formatPercent } from '@/lib/format';
import type { BatchOrderView, BatchSubmission } from '../../hooks/use-batch-submission';
import type { UploadEngine, UploadSnapshot } from '../../lib/upload-engine';
import { QueueSummary, useAnnouncement } from '../form/upload-progress';

interface OrderRow extends BatchOrderView {
  index: number;
  done: number;
  failed: number;
  loaded: number;
  size: number;
}

/** Per order: files up, failed, bytes, from one pass over the shared queue's snapshot. */
export function orderRowsOf(orders: readonly BatchOrderView[], snapshot: UploadSnapshot | null): OrderRow[] {
  const byKey = new Map(snapshot?.files.map((f) => [f.id, f]) ?? []);
  return orders.map((order, index) => {
    let done = 0;
    let failed = 0;
    let loaded = 0;
    let size = 0;
    for (const key of order.fileKeys) {
      const f = byKey.get(key);
      if (!f) continue;
      if (f.state.kind === 'done') done++;
      if (f.state.kind === 'failed' || f.state.kind === 'cancelled') failed++;
      loaded += f.loaded;
      size += f.size;
    }
    return { ...order, index, done, failed, loaded, size };
  });
}

const idleEngine = { subscribe: () => () => {}, snapshot: () => null };

/**
 * A batch while it runs: the orders being created, then one overall progress for the shared queue
 * (files, bytes, speed, time left), each order's own progress and state, and a link to the batch's
 * page. Screen readers hear the overall progress every 10 % or 5 s, failed files by name, and the end once.
 */
export function BatchProgress({ batch }: { batch: Pick<BatchSubmission, 'engine' | 'orders' | 'phase' | 'createError' | 'batchId'> }) {
  const { t } = useLingui();
  const { engine, orders, phase, createError, batchId } = batch;
  const source: Pick<UploadEngine, 'subscribe'> & { snapshot: () => UploadSnapshot | null } = engine ?? idleEngine;
  const snapshot = useSyncExternalStore(source.subscribe, source.snapshot);
  const rows = useMemo(() => orderRowsOf(orders, snapshot), [orders, snapshot]);
  const created = orders.filter((o) => o.orderId).length;
  const total = orders.length;
  const next = Math.min(total, created + 1);
  const batchLink = batchId ? `/orders/batches/${encodeURIComponent(batchId)}` : null;

  const columns: Column<OrderRow>[] = [
    {
      key: 'name',
      header: t`Order`,
      primary: true,
      cell: (row) => (row.orderId ? <Link className="underline" to={`/orders/${encodeURIComponent(row.orderId)}`}>{row.name}</Link> : row.name),
    },
    {
      key: 'files',
      header: t`Files uploaded`,
      cell: (row) => {
        const { done, fileCount } = row;
        return t`${done} of ${fileCount}`;
      },
    },
    { key: 'progress', header: t`Progress`, cell: (row) => formatPercent(row.size > 0 ? row.loaded / row.size : 0) },
    { key: 'state', header: t`State`, cell: (row) => <span data-testid="batch-order-state">{stateText(row)}</span> },
  ];

  function stateText(row: OrderRow): string {
    if (!row.orderId) return phase === 'creating' ? t`Waiting to be created` : t`Not created`;
    if (row.confirm === 'confirmed') return t`Uploaded, processing started`;
    if (row.confirm === 'confirming') return t`Confirming…`;
    if (row.confirm === 'failed') return t`Could not be confirmed`;
    const failed = row.failed;
    if (failed > 0) return t`${plural(failed, { one: '# file failed', other: '# files failed' })}`;
    return row.done > 0 || row.loaded > 0 ? t`Uploading` : t`Waiting`;
  }

  return (
    <section aria-label={t`Batch progress`} className="flex flex-col gap-3">
      {createError !== null && (
        <ErrorAlert
          error={createError}
          title={t`Not every order of the batch was created (${created} of ${total}). Press Create orders again to go on: orders already made are not made twice.`}
        />
      )}
      {phase === 'creating' && <p className="text-sm">{t`Creating order ${next} of ${total}…`}</p>}
      {batchLink && created > 0 && (
        <Notice tone="info">
          <Trans>
            The batch's orders are listed on{' '}
            <Link className="underline" to={batchLink}>
              the batch page
            </Link>
            , also after a reload. Keep this page open until the uploads finish.
          </Trans>
        </Notice>
      )}
      {engine && snapshot && <QueueFigures engine={engine} snapshot={snapshot} phase={phase} />}
      {orders.length > 0 && <Table caption={t`Orders of this batch`} columns={columns} rows={rows} rowKey={(row) => String(row.index)} stackBelow="md" />}
      {snapshot && <FailedFiles snapshot={snapshot} />}
    </section>
  );
}

function QueueFigures({ engine, snapshot, phase }: { engine: UploadEngine; snapshot: UploadSnapshot; phase: BatchSubmission['phase'] }) {
  const progress = useAnnouncement(snapshot, { files: 'failed', end: false });
  const end = useBatchEnd(phase, snapshot);
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <QueueSummary engine={engine} snapshot={snapshot} announcement={end ?? progress} bytes />
    </div>
  );
}

/** The batch's end in words, once: when every order is confirmed (or the run ended with failures). */
function useBatchEnd(phase: BatchSubmission['phase'], snapshot: UploadSnapshot): string | null {
  const { t } = useLingui();
  const [text, setText] = useState<string | null>(null);
  const said = useRef(false);
  useEffect(() => {
    if (said.current || (phase !== 'finished' && phase !== 'failed')) return;
    said.current = true;
    const total = snapshot.files.length;
    const done = snapshot.files.filter((f) => f.state.kind === 'done').length;
    setText(phase === 'finished' ? t`Batch uploaded: all ${total} files are up and every order is processing.` : t`Batch ended: ${done} of ${total} files uploaded; see the orders below.`);
  }, [phase, snapshot, t]);
  return text;
}

function FailedFiles({ snapshot }: { snapshot: UploadSnapshot }) {
  const { t } = useLingui();
  const failed = snapshot.files.filter((f) => f.state.kind === 'failed');
  if (failed.length === 0) return null;
  return (
    <ul aria-label={t`Files that failed`} className="list-disc pl-5 text-sm text-red-700 dark:text-red-400">
      {failed.map((f) => {
        const name = f.fileName;
        const reason = f.state.kind === 'failed' ? f.state.reason : '';
        return <li key={f.id}>{t`${name} failed: ${reason}.`}</li>;
      })}
    </ul>
  );
}
