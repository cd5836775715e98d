import { Ban, Check, CircleX, Clock, RefreshCw, Upload, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatBytes, formatPercent } from '@/lib/format';
import { formatCount } from '@/lib/plural';
import type { FileState, UploadSnapshot } from '../upload-engine';

function describe(state: FileState, percent: number): { icon: LucideIcon; text: string } {
  switch (state.kind) {
    case 'waiting':
      return { icon: Clock, text: 'Waiting' };
    case 'uploading':
      return { icon: Upload, text: `Uploading ${Math.round(percent)}%` };
    case 'retrying':
      return { icon: RefreshCw, text: `Retrying (attempt ${state.attempt}) after ${state.reason}` };
    case 'done':
      return { icon: Check, text: 'Done' };
    case 'failed':
      return { icon: CircleX, text: `Failed: ${state.reason}` };
    case 'cancelled':
      return { icon: Ban, text: 'Cancelled' };
  }
}

export function UploadProgress({
  snapshot,
  onCancel,
  onCancelAll,
}: {
  snapshot: UploadSnapshot;
  onCancel: (id: string) => void;
  onCancelAll: () => void;
}) {
  const overall = snapshot.totalBytes > 0 ? snapshot.loadedBytes / snapshot.totalBytes : 0;
  const done = snapshot.files.filter((f) => f.state.kind === 'done').length;
  return (
    <section aria-label="Upload progress" className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm" aria-live="polite">
          {done} of {formatCount(snapshot.files.length, 'file', 'files')} uploaded · {formatPercent(overall)}
          {snapshot.running && snapshot.bytesPerSecond > 0 && (
            <>
              {' '}
              · {formatBytes(snapshot.bytesPerSecond)}/s
              {snapshot.secondsLeft !== null && ` · about ${Math.ceil(snapshot.secondsLeft)} s left`}
            </>
          )}
          {/* Links are renewed before they can expire; saying so explains the short pause in progress. */}
          {snapshot.running && snapshot.renewingUrls && <> · Renewing upload links…</>}
        </p>
        {snapshot.running && (
          <Button variant="secondary" size="sm" onClick={onCancelAll}>
            Cancel all
          </Button>
        )}
      </div>
      <progress className="w-full" max={1} value={overall} aria-label="Overall upload progress" />
      <ul className="flex flex-col gap-1 text-sm">
        {snapshot.files.map((file) => {
          const { icon: Icon, text } = describe(file.state, file.size ? (file.loaded / file.size) * 100 : 0);
          const active = file.state.kind === 'waiting' || file.state.kind === 'uploading' || file.state.kind === 'retrying';
          return (
            <li key={file.id} className="flex items-center gap-2" data-testid="upload-row">
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <span className="min-w-0 flex-1 truncate">{file.fileName}</span>
              <span className={file.state.kind === 'failed' ? 'text-red-700 dark:text-red-400' : ''}>{text}</span>
              {active && (
                <Button variant="ghost" size="sm" aria-label={`Cancel ${file.fileName}`} onClick={() => onCancel(file.id)}>
                  Cancel
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
