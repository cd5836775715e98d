import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { ANTI_AI_EXTENSIONS } from '@/api/formats';
import { refreshUploadUrls } from '@/api/orders';
import { Button } from '@/components/ui/form/button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { Table, type Column } from '@/components/ui/data/table';
import { formatNumber } from '@/lib/format';
import { orderKeys } from '@/lib/query-keys';
import { useCheckedFiles } from '../../hooks/use-checked-files';
import { runOrderQueue, type ConfirmState, type QueuedOrder } from '../../lib/batch/order-queue';
import type { BatchOrderView, BatchPhase } from '../../hooks/use-batch-submission';
import { BATCH_FILES_MAX } from '../../lib/batch/batch';
import { uploadBatches, type BatchRecord } from '../../lib/batch/batch-store';
import { hashOf } from '../../lib/files/checked-list';
import { relativePathOf, resumeNames, splitFolderDrop, type SortedDrop } from '../../lib/files/folder-drop';
import { contentTypeOf } from '../../lib/files/file-validation';
import { matchResume, type ResumeMatch } from '../../lib/submission/resume-matching';
import { orderUploaded } from '../../lib/submission/submit-steps';
import { uploadManifests } from '../../lib/submission/upload-manifest';
import { storageTransport, type UploadEngine } from '../../lib/upload-engine';
import { BatchProgress } from './batch-progress';
import { DropZone } from '../form/drop-zone';
import { RejectionList } from '../form/file-list';
import { LazySkippedSummary } from '../form/skipped-summary-lazy';

const RULES = { extensions: ANTI_AI_EXTENSIONS, maxFiles: BATCH_FILES_MAX };
/** Files not sent are listed open up to this many; more are folded under their count. */
const NOT_SENT_SHOWN_OPEN = 10;

/** One order of the batch that waits for files: its place in the batch record and its id. */
export interface WaitingOrder {
  index: number;
  orderId: string;
}

function notSentText(match: Extract<ResumeMatch, { kind: 'different' | 'unknown' }>, shown: string): MessageDescriptor {
  if (match.kind === 'different') {
    const as = match.as;
    return msg`${shown}: not the same content as the ${as} this batch was created with, not sent`;
  }
  return msg`${shown}: not a file this batch still waits for, not sent`;
}

/**
 * Finishes every waiting order of a batch from one drop: the folder (or its files) is checked, each file is
 * recognised by its content among ALL the files the batch's orders still wait for (then by name, for an order
 * whose record this browser lost), and one queue uploads them with each order confirmed as soon as its own files
 * are up, with the confirm key the batch stored when it was first sent. Same-named files from two folders are
 * told apart by their content, never refused for their names.
 */
export function BatchResume({ record, waiting, onDone }: { record: BatchRecord; waiting: readonly WaitingOrder[]; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const expected = useQueries({
    queries: waiting.map(({ orderId }) => ({
      queryKey: orderKeys.pendingUploads(orderId),
      queryFn: () => refreshUploadUrls(orderId),
      staleTime: Infinity,
      retry: false,
    })),
  });
  const [manifests] = useState(() => new Map(waiting.map(({ orderId }) => [orderId, uploadManifests().load(orderId)])));
  const dropped = useCheckedFiles(RULES);
  const [skipped, setSkipped] = useState<Omit<SortedDrop, 'images'> | null>(null);
  const [phase, setPhase] = useState<BatchPhase>('idle');
  const [engine, setEngine] = useState<UploadEngine | null>(null);
  const [views, setViews] = useState<BatchOrderView[]>([]);
  const [runError, setRunError] = useState<unknown>(null);
  const busy = phase === 'uploading';

  const { add, names } = dropped;
  const onFiles = useCallback(
    (incoming: File[]) => {
      const drop = splitFolderDrop(incoming, ANTI_AI_EXTENSIONS);
      if (!drop) {
        add(resumeNames(incoming, names()));
        return;
      }
      void drop.sorted.then(({ images, skipped }) => {
        setSkipped(skipped);
        add(resumeNames([...drop.loose, ...images], names()));
      });
    },
    [add, names],
  );

  if (phase === 'finished') {
    return (
      <Notice tone="success">
        {t`Every waiting order of this batch has its files and is confirmed; processing has started.`}
      </Notice>
    );
  }
  if (expected.some((q) => q.isPending)) return <Skeleton className="h-32 w-full" />;
  const failedQuery = expected.find((q) => q.isError);
  if (failedQuery) {
    return (
      <ErrorAlert
        error={failedQuery.error}
        title={t`Could not load the files this batch still waits for`}
        onRetry={() => expected.forEach((q) => q.isError && void q.refetch())}
      />
    );
  }

  const orderOfKey = new Map<string, string>();
  const open = waiting.flatMap(({ orderId }, i) =>
    (expected[i]?.data?.files ?? []).map((f) => {
      orderOfKey.set(f.fileKey, orderId);
      return f;
    }),
  );
  const manifest = [...manifests.values()].flatMap((m) => m ?? []);
  const checked = dropped.files.flatMap((file) => {
    const sha256 = hashOf(dropped, file);
    return sha256 ? [{ file, name: file.name, sha256 }] : [];
  });
  const matches = matchResume(open, manifest.length > 0 ? manifest : null, checked);
  const sends = matches.flatMap((m, i) => (m.kind === 'send' ? [{ match: m, file: checked[i]!.file }] : []));
  const alreadyUp = matches.filter((m) => m.kind === 'uploaded').length;
  const notSent = matches.flatMap((m, i) =>
    m.kind === 'different' || m.kind === 'unknown' ? [{ match: m, shown: relativePathOf(checked[i]!.file) ?? checked[i]!.file.name }] : [],
  );
  const sentKeys = new Set(sends.map((s) => s.match.target.fileKey));

  const rows = waiting.map(({ index, orderId }, i) => {
    const files = expected[i]?.data?.files ?? [];
    return { index, orderId, name: record.orders[index]!.name, expected: files.length, matched: files.filter((f) => sentKeys.has(f.fileKey)).length };
  });
  const filesWaited = open.length;
  const ordersWaiting = waiting.length;
  const readyToConfirm = rows.filter((r) => r.expected === 0).length;
  const sendCount = sends.length;
  const checking = dropped.checking;
  const waitsLine = t`${plural(filesWaited, { one: 'The orders below still wait for # file.', other: 'The orders below still wait for # files.' })}`;

  const start = async () => {
    setRunError(null);
    // Fresh URLs right before the upload, one order after the other: the ones read on arrival may have expired.
    const fresh: Awaited<ReturnType<typeof refreshUploadUrls>>[] = [];
    for (const [i, { orderId }] of waiting.entries()) {
      fresh.push(await refreshUploadUrls(orderId).catch(() => expected[i]!.data!));
    }
    const queued: (QueuedOrder & { index: number; name: string })[] = waiting.flatMap(({ index, orderId }, i) => {
      const issued = fresh[i]!.files;
      const items = sends.flatMap(({ match, file }) => {
        const upload = issued.find((u) => u.fileKey === match.target.fileKey);
        return upload ? [{ fileName: upload.fileName, fileKey: upload.fileKey, uploadUrl: upload.uploadUrl, body: file, contentType: contentTypeOf(file) }] : [];
      });
      // An order nothing was found for stays as it is; one with every file up is only confirmed.
      if (items.length === 0 && issued.length > 0) return [];
      const order = record.orders[index]!;
      // An embed batch's orders start by themselves once their files are up: no confirm.
      const confirm = record.type === 'watermarkEmbed' ? {} : { confirmKey: order.keys.confirm };
      return [{ index, name: order.name, orderId, ...confirm, items, missingBeyond: issued.length - items.length }];
    });
    const confirmStates = queued.map((): ConfirmState => 'waiting');
    const publish = () =>
      setViews(
        queued.map((q, i) => ({ name: q.name, fileCount: q.items.length, orderId: q.orderId, fileKeys: q.items.map((item) => item.fileKey), confirm: confirmStates[i]! })),
      );
    publish();
    setPhase('uploading');
    try {
      const states = await runOrderQueue(queued, {
        // Through the relay when the storage refuses this origin, as the first send did.
        transport: storageTransport,
        onEngine: setEngine,
        onConfirm: (i, state) => {
          confirmStates[i] = state;
          if (state === 'confirmed') {
            uploadBatches().updateOrder(record.batchId, queued[i]!.index, { uploaded: true });
            orderUploaded(queued[i]!.orderId);
          }
          publish();
        },
      });
      const finished = states.every((s) => s === 'confirmed') && queued.every((q) => q.missingBeyond === 0) && queued.length === waiting.length;
      setPhase(finished ? 'finished' : 'failed');
    } catch (error) {
      setRunError(error);
      setPhase('failed');
    }
    // The orders' statuses only: their refresh-urls would now answer "not pending" for a confirmed order.
    for (const q of queued) void queryClient.invalidateQueries({ queryKey: orderKeys.detail(q.orderId), exact: true });
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    onDone();
  };

  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'name', header: t`Order`, primary: true, cell: (row) => row.name },
    {
      key: 'waits',
      header: t`Files it waits for`,
      cell: (row) => {
        const { expected: count, matched } = row;
        if (count === 0) return t`None: it only needs confirming`;
        return dropped.files.length === 0 ? formatNumber(count) : t`${matched} of ${count} found`;
      },
    },
  ];

  return (
    <section aria-labelledby="batch-resume-heading" className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="batch-resume-heading" className="text-base font-semibold">
        {t`Finish this batch's uploads`}
      </h2>
      <p className="text-sm">
        {filesWaited > 0
          ? `${waitsLine} ${t`Choose the folder you sent (or drop it, or choose its files, from several folders if you like): each file is recognised by its content, even renamed or moved; files already uploaded are skipped.`}`
          : t`${plural(ordersWaiting, { one: '# order has every file and waits to be confirmed.', other: '# orders have every file and wait to be confirmed.' })}`}
      </p>
      <Table caption={t`Orders waiting for files`} columns={columns} rows={rows} rowKey={(row) => row.orderId} stackBelow="md" />
      {filesWaited > 0 && phase === 'idle' && (
        <>
          <DropZone
            label={t`Drop the batch's folder or files`}
            hint={t`Recognised by content, then by name · folders of folders too`}
            disabled={busy}
            onFiles={onFiles}
            folders
          />
          {skipped && <LazySkippedSummary skipped={skipped} />}
          <RejectionList rejected={dropped.rejected} />
          {alreadyUp > 0 && (
            <p className="text-sm" data-testid="resume-already-up">
              {t`${plural(alreadyUp, { one: '# file is already uploaded: skipped.', other: '# files are already uploaded: skipped.' })}`}
            </p>
          )}
          {notSent.length > 0 && <NotSent items={notSent} />}
        </>
      )}
      {runError !== null && <ErrorAlert error={runError} title={t`The upload could not start`} />}
      {phase !== 'idle' && <BatchProgress batch={{ engine, orders: views, phase, createError: null, batchId: null }} />}
      {phase === 'idle' && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            onClick={() => void start()}
            aria-describedby="batch-resume-reason"
            disabled={checking > 0 || (sendCount === 0 && readyToConfirm === 0)}
          >
            {sendCount > 0
              ? t`${plural(sendCount, { one: 'Upload # file', other: 'Upload # files' })}`
              : readyToConfirm > 0
                ? t`${plural(readyToConfirm, { one: 'Confirm # order', other: 'Confirm # orders' })}`
                : t`Upload the files`}
          </Button>
          <p id="batch-resume-reason" role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            {checking > 0
              ? t`${plural(checking, { one: 'Checking # file…', other: 'Checking # files…' })}`
              : sendCount === 0 && readyToConfirm === 0
                ? t`Choose the folder or files first`
                : ''}
          </p>
        </div>
      )}
    </section>
  );
}

function NotSent({ items }: { items: { match: Extract<ResumeMatch, { kind: 'different' | 'unknown' }>; shown: string }[] }) {
  const { t } = useLingui();
  const count = items.length;
  const list = (
    <ul aria-label={t`Files not sent`} className="list-disc pl-5 break-words">
      {items.map(({ match, shown }) => (
        <li key={shown}>{t(notSentText(match, shown))}</li>
      ))}
    </ul>
  );
  return (
    <Notice tone="info">
      {count > NOT_SENT_SHOWN_OPEN ? (
        <details>
          <summary className="cursor-pointer">{t`${plural(count, { one: '# file is not sent', other: '# files are not sent' })}`}</summary>
          {list}
        </details>
      ) : (
        list
      )}
    </Notice>
  );
}
