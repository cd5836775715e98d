import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isRetryableStatus } from '@/api/api-error';
import { ThroughputEstimate } from './throughput';
import {
  NetworkError,
  type FileProgress,
  type FileState,
  type IssuedUpload,
  type RefreshAnswer,
  type UploadItem,
  type UploadSnapshot,
  type UploadTransport,
} from './types';
import { DEFAULT_FRESHNESS, mayExpireBefore, type FreshnessPolicy } from './url-freshness';
import { parseStorageError } from '@/lib/storage-access/s3-error';

/** The words for a refused or failed PUT, fetched with the first failure: a page that uploads fine never downloads them. */
const failureWords = () => import('@/lib/storage-access/storage-failure');

export interface UploadEngineOptions {
  transport: UploadTransport;
  /** Parallel PUTs; 4 keeps a browser's 6 connections per host free for the API calls. */
  concurrency?: number;
  /** Tries per file for network errors and 5xx, the first included. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Refreshes per file after a 403 before giving up. */
  maxRefreshes?: number;
  /**
   * Asks the service for new URLs (refresh-urls) for every file not uploaded yet, with the answer's
   * `Date` header, which bounds the clock skew. Without it a 403 is final.
   */
  refreshUrls?: () => Promise<RefreshAnswer>;
  /** Renew URLs that may expire before their file's upload can finish, before the PUT (default true). */
  renewAhead?: boolean;
  freshness?: Partial<FreshnessPolicy>;
  /** A proactive renewal is not asked again within this time of the last refresh: its URLs are as fresh as asking again would make them. */
  minRenewIntervalMs?: number;
  /** Per-file speed assumed before any upload finished. */
  fallbackBytesPerSecond?: number;
  /**
   * Snapshots go to the listeners at most once per this many ms (0: on every change): a change is
   * sent at once when the last snapshot is at least this old, else at the end of the interval with
   * every change made meanwhile. So a file that finishes shows as finished within one interval, and
   * the UI renders ~10 times a second however many files finish or progress events fire. Browsers
   * fire progress events every few ms per PUT and 100 files finish within seconds on a fast link;
   * a render and a frame for each took main-thread time the uploads needed (bench:upload). The run's
   * start and end and a cancel (the user's own click) are sent at once.
   */
  progressIntervalMs?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Resolves when the browser is online again (or the file is cancelled): an offline try is not counted. */
  waitForOnline?: (signal: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

export interface UploadResult {
  done: string[];
  failed: string[];
  cancelled: string[];
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function defaultWaitForOnline(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window === 'undefined' || navigator.onLine || signal.aborted) return resolve();
    const done = () => {
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    window.addEventListener('online', done);
    signal.addEventListener('abort', done);
  });
}

/** Full-jitter exponential backoff: spreads retries of many files so they don't hit the store together. */
export function backoffDelay(attempt: number, base: number, max: number, random: () => number): number {
  const ceiling = Math.min(max, base * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

interface Entry {
  item: UploadItem;
  progress: FileProgress;
  controller: AbortController;
  refreshes: number;
  /** Local time the current URL was received. */
  urlReceivedAt: number;
}

type Settings = Required<Omit<UploadEngineOptions, 'refreshUrls' | 'freshness'>> & Pick<UploadEngineOptions, 'refreshUrls'>;

/**
 * Uploads files straight to their presigned URLs: a concurrency limit, retries with backoff on
 * network errors and 5xx, URLs renewed before they can expire (and on 403 as the fallback), cancel
 * one or all. Framework-free; the UI subscribes to snapshots.
 */
export class UploadEngine {
  private readonly entries: Entry[];
  private readonly listeners = new Set<(snapshot: UploadSnapshot) => void>();
  private readonly options: Settings;
  private readonly freshness: FreshnessPolicy;
  private readonly throughput: ThroughputEstimate;
  private startedAt: number | null = null;
  private running = false;
  private refreshing: Promise<boolean> | null = null;
  private lastRefreshed: IssuedUpload[] = [];
  private lastRefreshStartedAt: number | null = null;
  /** Upper bound of (service clock − local clock), from refresh answers' Date headers; null until one is seen. */
  private serverOffsetMs: number | null = null;
  private snapshotCache: UploadSnapshot | null = null;
  private progressTimer: ReturnType<typeof setTimeout> | null = null;
  private lastEmitAt = Number.NEGATIVE_INFINITY;

  constructor(items: UploadItem[], options: UploadEngineOptions) {
    this.options = {
      concurrency: 4,
      maxAttempts: 5,
      baseDelayMs: 500,
      maxDelayMs: 8000,
      maxRefreshes: 2,
      sleep: defaultSleep,
      waitForOnline: defaultWaitForOnline,
      now: () => Date.now(),
      random: Math.random,
      renewAhead: true,
      minRenewIntervalMs: 5_000,
      fallbackBytesPerSecond: 50_000,
      progressIntervalMs: 100,
      ...options,
    };
    this.freshness = { ...DEFAULT_FRESHNESS, ...options.freshness };
    this.throughput = new ThroughputEstimate(this.options.fallbackBytesPerSecond);
    const receivedAt = this.options.now();
    this.entries = items.map((item) => ({
      item,
      controller: new AbortController(),
      refreshes: 0,
      urlReceivedAt: receivedAt,
      progress: { id: item.fileKey, fileName: item.fileName, size: item.body.size, loaded: 0, state: { kind: 'waiting' } },
    }));
  }

  /** Arrow functions, so React's useSyncExternalStore can take them as they are. */
  subscribe = (listener: (snapshot: UploadSnapshot) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): UploadSnapshot => {
    if (this.snapshotCache) return this.snapshotCache;
    // The entries' progress objects themselves: every change replaces its file's object, so a file
    // that did not change keeps its identity from one snapshot to the next and its row can skip rendering.
    const files = this.entries.map((e) => e.progress);
    const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
    const loadedBytes = files.reduce((sum, f) => sum + f.loaded, 0);
    const elapsed = this.startedAt === null ? 0 : (this.options.now() - this.startedAt) / 1000;
    const bytesPerSecond = elapsed > 0 ? loadedBytes / elapsed : 0;
    const remaining = files
      .filter((f) => f.state.kind !== 'cancelled' && f.state.kind !== 'failed')
      .reduce((sum, f) => sum + (f.size - f.loaded), 0);
    this.snapshotCache = {
      files,
      totalBytes,
      loadedBytes,
      bytesPerSecond,
      secondsLeft: bytesPerSecond > 0 ? remaining / bytesPerSecond : null,
      running: this.running,
      renewingUrls: this.refreshing !== null,
    };
    return this.snapshotCache;
  };

  cancel = (id: string): void => {
    if (this.cancelEntry(this.entries.find((e) => e.item.fileKey === id))) this.emit();
  };

  cancelAll = (): void => {
    let any = false;
    for (const entry of this.entries) any = this.cancelEntry(entry) || any;
    if (any) this.emit();
  };

  /** True when the entry was cancelled now; the caller sends the snapshot. */
  private cancelEntry(entry: Entry | undefined): boolean {
    if (!entry || entry.progress.state.kind === 'done' || entry.progress.state.kind === 'failed' || entry.progress.state.kind === 'cancelled') return false;
    entry.controller.abort();
    entry.progress = { ...entry.progress, state: { kind: 'cancelled' } };
    return true;
  }

  async start(): Promise<UploadResult> {
    this.running = true;
    this.startedAt = this.options.now();
    this.emit();
    let next = 0;
    const worker = async () => {
      while (next < this.entries.length) {
        const entry = this.entries[next++];
        if (entry && entry.progress.state.kind === 'waiting') await this.uploadOne(entry);
      }
    };
    const workers = Array.from({ length: Math.max(1, Math.min(this.options.concurrency, this.entries.length)) }, worker);
    await Promise.all(workers);
    this.running = false;
    this.emit();
    const ids = (kind: FileState['kind']) => this.entries.filter((e) => e.progress.state.kind === kind).map((e) => e.item.fileKey);
    return { done: ids('done'), failed: ids('failed'), cancelled: ids('cancelled') };
  }

  private cancelled(entry: Entry): boolean {
    return entry.controller.signal.aborted;
  }

  /** Per-file bytes per second the next uploads are expected to reach (measured, or the fallback). */
  expectedBytesPerSecond(): number {
    return this.throughput.bytesPerSecond();
  }

  private async uploadOne(entry: Entry): Promise<void> {
    let attempt = 1;
    for (;;) {
      if (this.cancelled(entry)) return;
      await this.renewIfExpiring(entry);
      if (this.cancelled(entry)) return;
      this.update(entry, { loaded: 0, state: attempt === 1 ? { kind: 'uploading' } : entry.progress.state });
      const url = entry.item.uploadUrl;
      const putStartedAt = this.options.now();
      let failure: string;
      try {
        const { status, body } = await this.options.transport.put({
          url,
          body: entry.item.body,
          contentType: entry.item.contentType,
          signal: entry.controller.signal,
          onProgress: (loaded) => {
            if (this.cancelled(entry)) return;
            this.update(entry, { loaded: Math.min(loaded, entry.item.body.size), state: { kind: 'uploading' } });
          },
        });
        if (this.cancelled(entry)) return;
        if (status >= 200 && status < 300) {
          this.throughput.record(entry.item.body.size, this.options.now() - putStartedAt);
          this.update(entry, { loaded: entry.item.body.size, state: { kind: 'done' } });
          return;
        }
        if (status === 403) {
          if (await this.renewAfter403(entry, url)) continue;
          // S3's XML (or the relay's JSON) says whether the link expired, was mis-signed or the relay refused it.
          const { describeStorageRefusal } = await failureWords();
          this.update(entry, { state: { kind: 'failed', reason: describeStorageRefusal(403, body, { renewed: entry.refreshes > 0 }) } });
          return;
        }
        const { describeStorageRefusal } = await failureWords();
        if (!isRetryableStatus(status)) {
          this.update(entry, { state: { kind: 'failed', reason: describeStorageRefusal(status, body) } });
          return;
        }
        const code = parseStorageError(body)?.code;
        failure = code ? `HTTP ${status} ${code}` : `HTTP ${status}`;
      } catch (error) {
        if (this.cancelled(entry)) return;
        if (!(error instanceof NetworkError)) {
          this.update(entry, { state: { kind: 'failed', reason: error instanceof Error ? error.message : i18n._(msg`Unknown error`) } });
          return;
        }
        const why = error.failure;
        const { describeNetworkFailure } = await failureWords();
        if (this.cancelled(entry)) return;
        if (why && (why.kind === 'csp' || why.kind === 'cors' || why.kind === 'mixed')) {
          // Trying again changes nothing until a setting or the storage's rules do: say which, at once.
          this.update(entry, { loaded: 0, state: { kind: 'failed', reason: describeNetworkFailure(why) } });
          return;
        }
        if (why?.kind === 'offline') {
          // Not a try: the file waits for the connection and then goes on.
          this.update(entry, { loaded: 0, state: { kind: 'retrying', attempt, reason: describeNetworkFailure(why) } });
          await this.options.waitForOnline(entry.controller.signal);
          await this.options.sleep(this.options.baseDelayMs, entry.controller.signal);
          continue;
        }
        failure = why ? describeNetworkFailure(why) : i18n._(msg`the connection to the storage failed`);
      }
      if (attempt >= this.options.maxAttempts) {
        this.update(entry, { state: { kind: 'failed', reason: i18n._(msg`Gave up after ${attempt} tries (${failure})`) } });
        return;
      }
      attempt += 1;
      this.update(entry, { loaded: 0, state: { kind: 'retrying', attempt, reason: failure } });
      await this.options.sleep(
        backoffDelay(attempt - 1, this.options.baseDelayMs, this.options.maxDelayMs, this.options.random),
        entry.controller.signal,
      );
    }
  }

  private findUrl(urls: IssuedUpload[], entry: Entry): IssuedUpload | undefined {
    return urls.find((u) => u.fileKey === entry.item.fileKey);
  }

  private mayExpire(entry: Entry): boolean {
    return mayExpireBefore(
      { url: entry.item.uploadUrl, receivedAt: entry.urlReceivedAt },
      this.options.now(),
      this.throughput.estimateMs(entry.item.body.size),
      this.serverOffsetMs,
      this.freshness,
    );
  }

  /**
   * Before a PUT (first try or retry): if the URL may expire before this file can be up, renew first.
   * The call renews every file still to go, so the files queued behind it are covered as well.
   */
  private async renewIfExpiring(entry: Entry): Promise<void> {
    if (!this.options.refreshUrls || !this.options.renewAhead || !this.mayExpire(entry)) return;
    if (this.refreshing) {
      await this.refreshing;
      return;
    }
    const last = this.lastRefreshStartedAt;
    if (last !== null && this.options.now() - last < this.options.minRenewIntervalMs) return;
    // A failed renewal leaves the old URL: it may still work, and a 403 has its own path.
    await this.refresh();
  }

  /** The fallback: a 403 (expired or refused URL). At most `maxRefreshes` per file. */
  private async renewAfter403(entry: Entry, refusedUrl: string): Promise<boolean> {
    if (!this.options.refreshUrls || entry.refreshes >= this.options.maxRefreshes) return false;
    entry.refreshes += 1;
    // Renewed by another file's refresh while this PUT ran: retry with that URL, no call needed.
    if (entry.item.uploadUrl !== refusedUrl && !this.refreshing) return true;
    // The service may hand back the very same URL (this emulator signs per second): still worth one more try.
    return (await this.refresh()) && this.findUrl(this.lastRefreshed, entry) !== undefined;
  }

  /** One refresh-urls call at a time, shared by every file that asks while it runs; never a storm. */
  private refresh(): Promise<boolean> {
    if (this.refreshing) return this.refreshing;
    const refreshUrls = this.options.refreshUrls;
    if (!refreshUrls) return Promise.resolve(false);
    const sentAt = this.options.now();
    this.lastRefreshStartedAt = sentAt;
    const pending = (async () => {
      try {
        const { files, serverDate } = await refreshUrls();
        this.noteServerDate(serverDate, sentAt);
        this.lastRefreshed = files;
        this.applyUrls(files);
        return true;
      } catch {
        return false;
      } finally {
        this.refreshing = null;
        this.emit();
      }
    })();
    this.refreshing = pending;
    this.emit();
    return pending;
  }

  /**
   * `Date` has whole seconds and was written between our send and receipt, so service − local is at
   * most date + 1 s − sentAt. The smallest bound seen is the tightest that is still safe.
   */
  private noteServerDate(serverDate: number | null, sentAt: number): void {
    if (serverDate === null || !Number.isFinite(serverDate)) return;
    const bound = serverDate + 1000 - sentAt;
    this.serverOffsetMs = this.serverOffsetMs === null ? bound : Math.min(this.serverOffsetMs, bound);
  }

  private applyUrls(urls: IssuedUpload[]): void {
    const receivedAt = this.options.now();
    for (const entry of this.entries) {
      if (entry.progress.state.kind === 'done' || this.cancelled(entry)) continue;
      const match = this.findUrl(urls, entry);
      if (!match || match.uploadUrl === entry.item.uploadUrl) continue;
      entry.item = { ...entry.item, uploadUrl: match.uploadUrl };
      entry.urlReceivedAt = receivedAt;
    }
  }

  /** A new object for the changed file (rows are memoised on it); the snapshot follows per progressIntervalMs. */
  private update(entry: Entry, patch: Partial<FileProgress>): void {
    entry.progress = { ...entry.progress, ...patch };
    this.snapshotCache = null;
    const interval = this.options.progressIntervalMs;
    if (interval <= 0) return this.emit();
    if (this.progressTimer !== null) return;
    const wait = this.lastEmitAt + interval - this.options.now();
    if (wait <= 0) return this.emit();
    this.progressTimer = setTimeout(() => this.emit(), wait);
  }

  private emit(): void {
    if (this.progressTimer !== null) clearTimeout(this.progressTimer);
    this.progressTimer = null;
    this.lastEmitAt = this.options.now();
    this.snapshotCache = null;
    const snapshot = this.snapshot();
    for (const listener of this.listeners) listener(snapshot);
  }
}
