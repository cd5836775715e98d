import { Trans, useLingui } from '@lingui/react/macro';
import { Check, File as FileIcon, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatBytes } from '@/lib/format';
import { checkNoteMessage } from '../lib/check-reasons';
import type { FileCheckResult } from '../lib/file-check';
import type { Rejection } from '../lib/file-validation';

function Thumbnail({ file }: { file: File }) {
  // One object URL per file, revoked when the row goes away.
  const url = useMemo(() => (file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url ? (
    <img src={url} alt="" className="h-12 w-12 rounded object-cover" />
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

export function FileList({
  files,
  onRemove,
  renderExtra,
  results,
  label,
}: {
  files: File[];
  onRemove: (name: string) => void;
  renderExtra?: (file: File, index: number) => ReactNode;
  /** Check results per file; without it no check status is shown. */
  results?: ReadonlyMap<File, FileCheckResult>;
  label?: string;
}) {
  const { t } = useLingui();
  if (files.length === 0) return null;
  const removeLabel = (name: string) => t`Remove ${name}`;
  return (
    <ul aria-label={label ?? t`Chosen files`} className="flex flex-col gap-2">
      {files.map((file, index) => (
        <li key={file.name} className="flex flex-col gap-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
          <div className="flex items-center gap-3">
            <Thumbnail file={file} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{file.name}</p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">{formatBytes(file.size)}</p>
              {results && <CheckStatus result={results.get(file)} />}
            </div>
            <Button
              variant="ghost"
              size="sm"
              aria-label={removeLabel(file.name)}
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
