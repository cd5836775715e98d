import { Trans, useLingui } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { FILES_PER_ORDER_MAX } from '@/api/formats';
import type { FileCheckResult } from '../../lib/files/file-check';
import type { Rejection } from '../../lib/files/file-validation';
import { FileRow, type RenderExtra } from './file-row';

const WindowedFileList = lazy(() => import('./windowed-file-list').then((module) => ({ default: module.WindowedFileList })));

export function FileList({
  files,
  onRemove,
  renderExtra,
  results,
  label,
}: {
  files: File[];
  onRemove: (name: string) => void;
  /**
   * Each row's extra part, called by the row itself: pass a stable function (useCallback), so a row
   * re-renders only when its file, its check or this function changes, not on every render of the form.
   */
  renderExtra?: RenderExtra;
  /** Check results per file; without it no check status is shown. */
  results?: ReadonlyMap<File, FileCheckResult>;
  label?: string;
}) {
  const { t } = useLingui();
  if (files.length === 0) return null;
  const listLabel = label ?? t`Chosen files`;
  // Up to one order's files the list is the page's own (unchanged since issue 8); a batch's hundreds of
  // rows are windowed: only the rows in view exist, so the DOM and the thumbnails stay small.
  if (files.length > FILES_PER_ORDER_MAX && !renderExtra) {
    return (
      <Suspense fallback={<p className="text-sm text-zinc-600 dark:text-zinc-400">{t`Loading…`}</p>}>
        <WindowedFileList files={files} results={results} onRemove={onRemove} label={listLabel} />
      </Suspense>
    );
  }
  return (
    <ul aria-label={listLabel} className="flex flex-col gap-2">
      {files.map((file, index) => (
        <FileRow key={file.name} file={file} index={index} checked={results !== undefined} result={results?.get(file)} onRemove={onRemove} renderExtra={renderExtra} />
      ))}
    </ul>
  );
}

export function RejectionList({ rejected }: { rejected: Rejection[] }) {
  const { t } = useLingui();
  if (rejected.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950">
      <p className="flex items-center gap-1 font-medium">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        <Trans>Some files were not added:</Trans>
      </p>
      <ul className="list-disc pl-5">
        {rejected.map(({ fileName, reason: why }, i) => {
          const reason = t(why);
          return <li key={`${fileName}-${i}`}>{t`${fileName}: ${reason}`}</li>;
        })}
      </ul>
    </div>
  );
}
