import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Ban, Check, CircleX, Clock, RefreshCw, Upload, type LucideIcon } from 'lucide-react';
import { memo, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/form/button';
import { formatBytes, formatPercent } from '@/lib/format';
import { announce, initialAnnouncer, type AnnounceOptions, type Announcement, type AnnouncerState } from '../../lib/progress-announcer';
import type { FileProgress, FileState, UploadEngine, UploadSnapshot } from '../../lib/upload-engine';

/** Called while rendering (the component follows the language through useLingui). */
function describe(state: FileState, fraction: number): { icon: LucideIcon; text: string } {
  switch (state.kind) {
    case 'waiting':
      return { icon: Clock, text: i18n._(msg`Waiting`) };
    case 'uploading': {
      const percent = formatPercent(Math.round(fraction * 100) / 100);
      return { icon: Upload, text: i18n._(msg`Uploading ${percent}`) };
    }
    case 'retrying': {
      const { attempt, reason } = state;
      return { icon: RefreshCw, text: i18n._(msg`Retrying (attempt ${attempt}): ${reason}`) };
    }
    case 'done':
      return { icon: Check, text: i18n._(msg`Done`) };
    case 'failed': {
      const reason = state.reason;
      return { icon: CircleX, text: i18n._(msg`Failed: ${reason}`) };
    }
    case 'cancelled':
      return { icon: Ban, text: i18n._(msg`Cancelled`) };
  }
}

/**
 * What a screen reader hears (polite): each file finished or failed once, the overall progress every 10 % or
 * 5 s, and the end. The visible figures change up to ten times a second and are not a live region.
 */
export function useAnnouncement(snapshot: UploadSnapshot, options: AnnounceOptions = {}): string {
  const { t } = useLingui();
  const { files: tellFiles, end: tellEnd } = options;
  const state = useRef<AnnouncerState | null>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    const now = Date.now();
    const { said, state: next } = announce(state.current ?? initialAnnouncer(now), snapshot, now, { files: tellFiles, end: tellEnd });
    state.current = next;
    const words = (a: Announcement): string => {
      switch (a.kind) {
        case 'file-done': {
          const name = a.fileName;
          return t`${name} uploaded.`;
        }
        case 'file-failed': {
          const { fileName: name, reason } = a;
          return t`${name} failed: ${reason}.`;
        }
        case 'progress': {
          const percent = formatPercent(Math.floor(a.fraction * 100) / 100);
          return t`${percent} uploaded.`;
        }
        case 'end': {
          const { done, failed, total } = a;
          return failed === 0 ? t`${plural(total, { one: 'The file is uploaded.', other: 'All # files are uploaded.' })}` : t`Upload ended: ${done} uploaded, ${failed} failed.`;
        }
      }
    };
    if (said.length > 0) setText(said.map(words).join(' '));
  }, [snapshot, t, tellFiles, tellEnd]);
  return text;
}

/**
 * The run's progress, subscribed to the engine itself: only this panel renders on a snapshot, and
 * only the rows whose file changed (the engine keeps an unchanged file's object from one snapshot to
 * the next, and rows are memoised on it).
 */
export function UploadProgress({ engine }: { engine: UploadEngine }) {
  const { t } = useLingui();
  const snapshot = useSyncExternalStore(engine.subscribe, engine.snapshot);
  const announcement = useAnnouncement(snapshot);
  return (
    <section aria-label={t`Upload progress`} className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <QueueSummary engine={engine} snapshot={snapshot} announcement={announcement} />
      <ul className="flex flex-col gap-1 text-sm">
        {snapshot.files.map((file) => (
          <UploadRow key={file.id} file={file} onCancel={engine.cancel} />
        ))}
      </ul>
    </section>
  );
}

const UploadRow = memo(function UploadRow({ file, onCancel }: { file: FileProgress; onCancel: (id: string) => void }) {
  const { t } = useLingui();
  const { icon: Icon, text } = describe(file.state, file.size ? file.loaded / file.size : 0);
  const name = file.fileName;
  const active = file.state.kind === 'waiting' || file.state.kind === 'uploading' || file.state.kind === 'retrying';
  return (
    // Out of view, not laid out or painted: see FileRow.
    <li className="flex items-center gap-2 [contain-intrinsic-size:auto_2rem] [content-visibility:auto]" data-testid="upload-row">
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 truncate">{file.fileName}</span>
      <span className={file.state.kind === 'failed' ? 'text-red-700 dark:text-red-400' : ''}>{text}</span>
      {active && (
        <Button variant="ghost" size="sm" aria-label={t`Cancel ${name}`} onClick={() => onCancel(file.id)}>
          <Trans>Cancel</Trans>
        </Button>
      )}
    </li>
  );
});

/**
 * The queue's figures in one line, what screen readers are told, Cancel all and the overall bar: one
 * order's panel and a batch's. A batch also shows bytes ("12 MB of 213 MB"): its files are not listed.
 */
export function QueueSummary({ engine, snapshot, announcement, bytes = false }: { engine: UploadEngine; snapshot: UploadSnapshot; announcement: string | null; bytes?: boolean }) {
  const { t } = useLingui();
  const overall = snapshot.totalBytes > 0 ? snapshot.loadedBytes / snapshot.totalBytes : 0;
  const done = snapshot.files.filter((f) => f.state.kind === 'done').length;
  const total = snapshot.files.length;
  const loaded = formatBytes(snapshot.loadedBytes);
  const size = formatBytes(snapshot.totalBytes);
  const speed = formatBytes(snapshot.bytesPerSecond);
  const seconds = snapshot.secondsLeft === null ? null : Math.ceil(snapshot.secondsLeft);
  // The line is a row of separate figures joined by " · ", each its own message, not one sentence.
  const figures = [t`${plural(total, { one: `${done} of # file uploaded`, other: `${done} of # files uploaded` })}`];
  if (bytes) figures.push(t`${loaded} of ${size}`);
  figures.push(formatPercent(overall));
  if (snapshot.running && snapshot.bytesPerSecond > 0) {
    figures.push(t`${speed}/s`);
    if (seconds !== null) figures.push(t`about ${seconds} s left`);
  }
  // Links are renewed before they can expire; saying so explains the short pause in progress.
  if (snapshot.running && snapshot.renewingUrls) figures.push(t`Renewing upload links…`);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm" data-testid="queue-figures">
          {figures.join(' · ')}
        </p>
        <p role="status" className="sr-only">
          {announcement}
        </p>
        {snapshot.running && (
          <Button variant="secondary" size="sm" onClick={engine.cancelAll}>
            <Trans>Cancel all</Trans>
          </Button>
        )}
      </div>
      <progress className="w-full" max={1} value={overall} aria-label={t`Overall upload progress`} />
    </>
  );
}
