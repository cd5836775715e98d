import type { UploadSnapshot } from './upload-engine';

/** What a screen reader is told about an upload, and how often: not every snapshot (up to ten a second). */
export const ANNOUNCE_STEP = 0.1;
export const ANNOUNCE_EVERY_MS = 5_000;

export type Announcement =
  | { kind: 'file-done'; fileName: string }
  | { kind: 'file-failed'; fileName: string; reason: string }
  | { kind: 'progress'; fraction: number }
  | { kind: 'end'; done: number; failed: number; total: number };

export interface AnnouncerState {
  /** Files already announced as finished or failed, by id. */
  told: ReadonlySet<string>;
  /** The progress last announced, and when. */
  lastFraction: number;
  lastAt: number;
  ended: boolean;
}

export const initialAnnouncer = (now: number): AnnouncerState => ({ told: new Set(), lastFraction: 0, lastAt: now, ended: false });

/**
 * The announcements one snapshot brings: each file that finished or failed since the last one, once; the overall
 * progress when it crossed another 10 % or 5 s passed with progress made; the end of the run, once.
 */
export interface AnnounceOptions {
  /**
   * Which files are told by name: every finished or failed one (one order, ≤ 100 files), or only the
   * failed ones (a batch: a thousand "x uploaded." would drown the progress).
   */
  files?: 'finished-and-failed' | 'failed';
  /** Whether the end of the uploads is said here; a batch says its own end once its orders are confirmed. */
  end?: boolean;
}

export function announce(
  state: AnnouncerState,
  snapshot: UploadSnapshot,
  now: number,
  options: AnnounceOptions = {},
): { said: Announcement[]; state: AnnouncerState } {
  const said: Announcement[] = [];
  const told = new Set(state.told);
  const tellDone = (options.files ?? 'finished-and-failed') === 'finished-and-failed';
  for (const file of snapshot.files) {
    if (told.has(file.id)) continue;
    if (file.state.kind === 'done' && tellDone) said.push({ kind: 'file-done', fileName: file.fileName });
    else if (file.state.kind === 'failed') said.push({ kind: 'file-failed', fileName: file.fileName, reason: file.state.reason });
    else continue;
    told.add(file.id);
  }
  const fraction = snapshot.totalBytes > 0 ? snapshot.loadedBytes / snapshot.totalBytes : 0;
  let { lastFraction, lastAt, ended } = state;
  const settled = snapshot.files.length > 0 && snapshot.files.every((f) => ['done', 'failed', 'cancelled'].includes(f.state.kind));
  if (!ended && !snapshot.running && settled) {
    const done = snapshot.files.filter((f) => f.state.kind === 'done').length;
    const failed = snapshot.files.filter((f) => f.state.kind === 'failed').length;
    if (options.end ?? true) said.push({ kind: 'end', done, failed, total: snapshot.files.length });
    ended = true;
  } else if (snapshot.running) {
    const step = Math.floor(fraction / ANNOUNCE_STEP) > Math.floor(lastFraction / ANNOUNCE_STEP);
    const due = now - lastAt >= ANNOUNCE_EVERY_MS && fraction > lastFraction;
    if ((step || due) && fraction < 1) {
      said.push({ kind: 'progress', fraction });
      lastFraction = fraction;
      lastAt = now;
    }
  }
  return { said, state: { told, lastFraction, lastAt, ended } };
}
