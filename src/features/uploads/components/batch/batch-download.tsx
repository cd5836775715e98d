import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { getOrderDownload } from '@/api/orders';
import { Button } from '@/components/ui/form/button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { formatBytes, formatNumber } from '@/lib/format';
import type { BatchRecord } from '../../lib/batch/batch-store';
import { blobSink, buildBatchZip, fileSink, ResultFetchError, type BatchZipProgress, type ZipSink } from '../../lib/batch/batch-zip';
import { commonTop, zipPathOf } from '../../lib/batch/zip-paths';
import { fetchFromStorage } from '@/lib/storage-access/read-storage';
import { saveBlob } from '@/lib/save-blob';

type SaveFilePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable(): Promise<{ write(data: Uint8Array): Promise<void>; close(): Promise<void>; abort(): Promise<void> }> }>;

type State =
  | { kind: 'idle' }
  | { kind: 'running'; progress: BatchZipProgress | null }
  | { kind: 'done'; fileName: string; files: number; bytes: number; failed: { orderId: string; error: unknown; saved: number }[] }
  | { kind: 'error'; error: unknown };

/** "Shoot 1/3" can hold characters no file system takes in a name. */
function zipFileName(name: string): string {
  return `${name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'batch'}.zip`;
}

/**
 * "Download all N results" as ONE ZIP, made in the browser from each order's result ZIP and written as it is
 * made: to a file the user picks where the browser can (showSaveFilePicker, Chromium), else into one Blob saved
 * at the end. Each result goes back where its file sat in the chosen folder (`lib/batch/zip-paths.ts`).
 */
export function BatchDownload({ record, ready }: { record: BatchRecord; ready: readonly string[] }) {
  const { t } = useLingui();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const readyCount = ready.length;

  const describe = (error: unknown): unknown => {
    if (error instanceof ResultFetchError) {
      const status = error.status;
      return new Error(t`The storage refused the result (HTTP ${status}), also with a new link.`);
    }
    if (error instanceof TypeError) return new Error(t`The connection broke off while the result was read, three times.`);
    return error;
  };

  const start = async () => {
    const fileName = zipFileName(record.name);
    let sink: ZipSink;
    const picker = (window as Window & { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
    if (picker) {
      try {
        // Asked first, while the click still counts as the user's: the browser allows the dialog only then.
        const handle = await picker({ suggestedName: fileName, types: [{ description: t`ZIP archive`, accept: { 'application/zip': ['.zip'] } }] });
        sink = fileSink(await handle.createWritable());
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return; // the user closed the dialog
        sink = blobSink((blob) => saveBlob(blob, fileName));
      }
    } else {
      sink = blobSink((blob) => saveBlob(blob, fileName));
    }
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'running', progress: null });
    const all = record.orders.flatMap((o) => {
      const paths = Object.values(o.paths ?? {});
      return paths.length === o.fileCount ? paths : [...paths, undefined];
    });
    const top = commonTop(all);
    const pathsOf = new Map(record.orders.flatMap((o) => (o.orderId ? [[o.orderId, o.paths] as const] : [])));
    try {
      const fflate = await import('fflate');
      const result = await buildBatchZip(ready, {
        fflate,
        linkOf: async (orderId) => (await getOrderDownload(orderId)).downloadUrl,
        // Through the relay when the storage refuses this origin, as every other storage read.
        fetch: (url, init) => fetchFromStorage(url, init),
        pathOf: (orderId, entryName) => zipPathOf(entryName, pathsOf.get(orderId), top),
        sink,
        signal: controller.signal,
        onProgress: (progress) => setState({ kind: 'running', progress }),
      });
      setState({ kind: 'done', fileName, ...result });
    } catch (error) {
      setState(controller.signal.aborted ? { kind: 'idle' } : { kind: 'error', error: describe(error) });
    } finally {
      abort.current = null;
    }
  };

  const nameOf = (orderId: string) => record.orders.find((o) => o.orderId === orderId)?.name ?? orderId;
  const progress = state.kind === 'running' ? state.progress : null;
  const ordersDone = Math.min((progress?.ordersDone ?? 0) + 1, progress?.orders ?? readyCount);
  const ordersTotal = progress?.orders ?? readyCount;
  const filesSoFar = formatNumber(progress?.files ?? 0);
  const bytesSoFar = formatBytes(progress?.bytes ?? 0);

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => void start()}
          loading={state.kind === 'running'}
          disabled={readyCount === 0}
          disabledReason={t`No order has a result to download yet`}
        >
          {readyCount === 0
            ? t`Download all results as one ZIP`
            : t`${plural(readyCount, { one: 'Download # result as a ZIP', other: 'Download all # results as one ZIP' })}`}
        </Button>
        {state.kind === 'running' && (
          <Button variant="secondary" onClick={() => abort.current?.abort()}>
            {t`Stop`}
          </Button>
        )}
      </div>
      <p role="status" className="text-sm text-zinc-700 empty:hidden dark:text-zinc-300" data-testid="batch-zip-status">
        {state.kind === 'running' && t`Making the ZIP: results of order ${ordersDone} of ${ordersTotal} · ${filesSoFar} files · ${bytesSoFar} written`}
      </p>
      {state.kind === 'done' && (
        <Notice tone={state.failed.length > 0 ? 'info' : 'success'}>
          {(() => {
            const { fileName } = state;
            const files = formatNumber(state.files);
            const size = formatBytes(state.bytes);
            return t`${fileName} is saved: ${files} files, ${size}. Folders are kept as they were chosen.`;
          })()}
        </Notice>
      )}
      {state.kind === 'done' &&
        state.failed.map(({ orderId, error, saved }) => {
          const name = nameOf(orderId);
          return (
            <ErrorAlert
              key={orderId}
              error={describe(error)}
              title={saved > 0 ? t`Only ${saved} results of ${name} are in the ZIP` : t`The results of ${name} are not in the ZIP`}
            />
          );
        })}
      {state.kind === 'error' && <ErrorAlert error={state.error} title={t`The ZIP could not be made`} onRetry={() => void start()} />}
    </div>
  );
}
