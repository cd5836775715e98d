import { Trans, useLingui } from '@lingui/react/macro';
import { Check, File as FileIcon, LoaderCircle, TriangleAlert } from 'lucide-react';
import { memo, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { FILES_PER_ORDER_MAX } from '@/api/formats';
import { Button } from '@/components/ui/button';
import { formatBytes } from '@/lib/format';
import { folderOf } from '../lib/folder-drop';
import { checkNoteMessage } from '../lib/check-reasons';
import type { FileCheckResult } from '../lib/file-check';
import type { Rejection } from '../lib/file-validation';

/**
 * The check's small preview once it is there; the file itself only when the check made none (no
 * OffscreenCanvas) or the list has no checks; a plain icon while the check runs and for what cannot be
 * shown. The full-size file is never decoded for a 48 px thumbnail where a preview can be had.
 */
function Thumbnail({ file, checked, result }: { file: File; checked: boolean; result: FileCheckResult | undefined }) {
  const source: Blob | null = !checked
    ? file
    : result === undefined || !result.ok
      ? null
      : (result.preview ?? (result.note ? null : file));
  // One object URL per source, revoked when it changes or the row goes away.
  const url = useMemo(() => (source && (source !== file || file.type.startsWith('image/')) ? URL.createObjectURL(source) : null), [source, file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  // Lazy and async: a 100-file drop decodes only the rows in view, and never on the main thread, so
  // the thumbnails do not take CPU from the checks and the uploads (bench:upload).
  return url ? (
    <img src={url} alt="" loading="lazy" decoding="async" width={48} height={48} className="h-12 w-12 rounded object-cover" />
  ) : (
    <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded bg-zinc-100 dark:bg-zinc-800">
      <FileIcon className="size-5 text-zinc-500 dark:text-zinc-400" />
    </span>
  );
}

/** Where the file's decode-and-hash check stands, in words (a refused file has left the list by then). */
function CheckStatus({ result }: { result: FileCheckResult | undefined }) {
  const { t } = useLingui();
  if (!result) {
    return (
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        <LoaderCircle aria-hidden="true" className="mr-1 inline size-3 animate-spin motion-reduce:animate-none" />
        <Trans>Checking…</Trans>
      </p>
    );
  }
  if (!result.ok) return null;
  return (
    <p className="text-xs text-emerald-700 dark:text-emerald-400" title={`SHA-256 ${result.sha256}`}>
      <Check aria-hidden="true" className="mr-1 inline size-3" />
      {result.note ? t(checkNoteMessage(result.note)) : t`Checked: the image decodes`}
    </p>
  );
}

/**
 * Removing a row removes its focused button: the next row's Remove (else the previous one's) takes the
 * focus, not <body>; after the last file, the form's drop zone does, to choose files again.
 */
function focusNeighbour(button: HTMLElement) {
  const buttons = Array.from(button.closest('ul')?.querySelectorAll<HTMLElement>('[data-remove]') ?? []);
  const at = buttons.indexOf(button);
  const next = buttons[at + 1] ?? buttons[at - 1] ?? button.closest('form')?.querySelector<HTMLElement>('[data-drop-zone]');
  next?.focus();
}

/** Height of one row of a windowed list (thumbnail, name, folder, size and check status; the row clips the rest). */
const WINDOWED_ROW_PX = 88;

type RenderExtra = (file: File, index: number) => ReactNode;

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
  if (files.length > FILES_PER_ORDER_MAX && !renderExtra) return <WindowedFileList files={files} results={results} onRemove={onRemove} label={listLabel} />;
  return (
    <ul aria-label={listLabel} className="flex flex-col gap-2">
      {files.map((file, index) => (
        <FileRow key={file.name} file={file} index={index} checked={results !== undefined} result={results?.get(file)} onRemove={onRemove} renderExtra={renderExtra} />
      ))}
    </ul>
  );
}

function WindowedFileList({
  files,
  results,
  onRemove,
  label,
}: {
  files: File[];
  results: ReadonlyMap<File, FileCheckResult> | undefined;
  onRemove: (name: string) => void;
  label: string;
}) {
  const { t } = useLingui();
  const scrollRef = useRef<HTMLDivElement>(null);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const estimateSize = useCallback(() => WINDOWED_ROW_PX, []);
  // Fixed-height rows (no measuring). initialRect: a first screenful before the box is measured (and in jsdom, which has no layout).
  const virtualizer = useVirtualizer({ count: files.length, getScrollElement, estimateSize, overscan: 6, initialRect: { width: 0, height: 800 } });
  const count = files.length;
  return (
    // A scrolling box the keyboard can reach (tabIndex) and that says what it holds; the rows out of
    // view are not in the DOM, so each row tells its place in the whole list (aria-posinset/setsize).
    <div ref={scrollRef} tabIndex={0} role="region" aria-label={t`${label}: ${count} files, scroll to see more`} className="max-h-[32rem] overflow-y-auto rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600">
      <ul aria-label={label} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const file = files[item.index]!;
          return (
            <FileRow
              key={file.name}
              file={file}
              index={item.index}
              checked={results !== undefined}
              result={results?.get(file)}
              onRemove={onRemove}
              windowed={{ top: item.start, height: item.size, setSize: count }}
            />
          );
        })}
      </ul>
    </div>
  );
}

/**
 * One chosen file. Memoised: a check result or a removal re-renders the changed row only, not 100
 * rows with their thumbnails. The extra part is rendered here from `renderExtra` and the index, so the
 * memo holds as long as the form keeps that function (an element made by the form would be new on
 * every render and re-render every row).
 */
const FileRow = memo(function FileRow({
  file,
  index,
  checked,
  result,
  onRemove,
  renderExtra,
  windowed,
}: {
  file: File;
  index: number;
  checked: boolean;
  result: FileCheckResult | undefined;
  onRemove: (name: string) => void;
  renderExtra?: RenderExtra;
  /** Placed by a windowed list: its offset, its height and the length of the whole list. */
  windowed?: { top: number; height: number; setSize: number };
}) {
  const { t } = useLingui();
  const name = file.name;
  const folder = folderOf(file);
  return (
    // content-visibility: rows out of view are not laid out or painted (a 100-file list made every frame
    // of the upload repaint them all); `auto` keeps a row's last size, so scrolling does not jump.
    <li
      className={
        windowed
          ? 'absolute inset-x-0 overflow-hidden pb-2'
          : 'flex flex-col gap-2 rounded-md border border-zinc-200 p-2 [contain-intrinsic-size:auto_4.125rem] [content-visibility:auto] dark:border-zinc-800'
      }
      style={windowed ? { top: windowed.top, height: windowed.height } : undefined}
      aria-posinset={windowed ? index + 1 : undefined}
      aria-setsize={windowed?.setSize}
    >
      <div className={windowed ? 'flex h-full items-center gap-3 rounded-md border border-zinc-200 p-2 dark:border-zinc-800' : 'flex items-center gap-3'}>
        <Thumbnail file={file} checked={checked} result={result} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{file.name}</p>
          {folder && <p className="truncate text-xs text-zinc-600 dark:text-zinc-400" title={folder}>{t`in ${folder}`}</p>}
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{formatBytes(file.size)}</p>
          {checked && <CheckStatus result={result} />}
        </div>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t`Remove ${name}`}
          data-remove
          onClick={(e) => {
            focusNeighbour(e.currentTarget);
            onRemove(file.name);
          }}
        >
          <Trans>Remove</Trans>
        </Button>
      </div>
      {renderExtra?.(file, index)}
    </li>
  );
});

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
