import { Trans, useLingui } from '@lingui/react/macro';
import { Check, File as FileIcon, LoaderCircle } from 'lucide-react';
import { memo, useEffect, useMemo, type ReactNode } from 'react';
import { Button } from '@/components/ui/form/button';
import { formatBytes } from '@/lib/format';
import { folderOf } from '../../lib/files/folder-drop';
import { checkNoteMessage } from '../../lib/files/check-reasons';
import type { FileCheckResult } from '../../lib/files/file-check';

/** A row's extra part (the embed form's per-file payload), drawn by the row from its file and index. */
export type RenderExtra = (file: File, index: number) => ReactNode;

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

/**
 * One chosen file. Memoised: a check result or a removal re-renders the changed row only, not 100
 * rows with their thumbnails. The extra part is rendered here from `renderExtra` and the index, so the
 * memo holds as long as the form keeps that function (an element made by the form would be new on
 * every render and re-render every row).
 */
export const FileRow = memo(function FileRow({
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

