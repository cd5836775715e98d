import {
  NetworkError,
  type FileProgress,
  type FileState,
  type RefreshedUrl,
  type UploadItem,
  type UploadSnapshot,
  type UploadTransport,
} from './types';

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
  /** Asks the service for new URLs (refresh-urls). Without it a 403 is final. */
  refreshUrls?: () => Promise<RefreshedUrl[]>;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
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
}

/**
 * Uploads files straight to their presigned URLs: a concurrency limit, retries with backoff on
 * network errors and 5xx, a URL refresh on 403, cancel one or all. Framework-free; the UI
 * subscribes to snapshots.
 */
export class UploadEngine {
  private readonly entries: Entry[];
  private readonly listeners = new Set<(snapshot: UploadSnapshot) => void>();
  private readonly options: Required<Omit<UploadEngineOptions, 'refreshUrls'>> & Pick<UploadEngineOptions, 'refreshUrls'>;
  private startedAt: number | null = null;
  private running = false;
  private refreshing: Promise<RefreshedUrl[]> | null = null;
  private lastRefreshed: RefreshedUrl[] = [];
  private snapshotCache: UploadSnapshot | null = null;

  constructor(items: UploadItem[], options: UploadEngineOptions) {
    this.options = {
      concurrency: 4,
      maxAttempts: 5,
      baseDelayMs: 500,
      maxDelayMs: 8000,
      maxRefreshes: 2,
      sleep: defaultSleep,
      now: () => Date.now(),
      random: Math.random,
      ...options,
    };
    this.entries = items.map((item) => ({
      item,
      controller: new AbortController(),
      refreshes: 0,
      progress: { id: item.id, fileName: item.fileName, size: item.body.size, loaded: 0, state: { kind: 'waiting' } },
    }));
  }

  subscribe(listener: (snapshot: UploadSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): UploadSnapshot {
    if (this.snapshotCache) return this.snapshotCache;
    const files = this.entries.map((e) => ({ ...e.progress }));
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
    };
    return this.snapshotCache;
  }

  cancel(id: string): void {
    const entry = this.entries.find((e) => e.item.id === id);
    if (!entry || entry.progress.state.kind === 'done' || entry.progress.state.kind === 'failed') return;
    entry.controller.abort();
    this.update(entry, { state: { kind: 'cancelled' } });
  }

  cancelAll(): void {
    for (const entry of this.entries) this.cancel(entry.item.id);
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
    const ids = (kind: FileState['kind']) => this.entries.filter((e) => e.progress.state.kind === kind).map((e) => e.item.id);
    return { done: ids('done'), failed: ids('failed'), cancelled: ids('cancelled') };
  }

  private cancelled(entry: Entry): boolean {
    return entry.controller.signal.aborted;
  }

  private async uploadOne(entry: Entry): Promise<void> {
    let attempt = 1;
    for (;;) {
      if (this.cancelled(entry)) return;
      this.update(entry, { loaded: 0, state: attempt === 1 ? { kind: 'uploading' } : entry.progress.state });
      let failure: string;
      try {
        const { status } = await this.options.transport.put({
          url: entry.item.url,
          body: entry.item.body,
          contentType: entry.item.contentType,
          signal: entry.controller.signal,
          onProgress: (loaded) => {
            if (!this.cancelled(entry)) this.update(entry, { loaded: Math.min(loaded, entry.item.body.size), state: { kind: 'uploading' } });
          },
        });
        if (this.cancelled(entry)) return;
        if (status >= 200 && status < 300) {
          this.update(entry, { loaded: entry.item.body.size, state: { kind: 'done' } });
          return;
        }
        if (status === 403) {
          if (await this.refreshUrl(entry)) continue;
          this.update(entry, { state: { kind: 'failed', reason: 'The upload link was refused (403) and could not be renewed' } });
          return;
        }
        if (status < 500 && status !== 408 && status !== 429) {
          this.update(entry, { state: { kind: 'failed', reason: `The storage refused the file (HTTP ${status})` } });
          return;
        }
        failure = `HTTP ${status}`;
      } catch (error) {
        if (this.cancelled(entry)) return;
        if (!(error instanceof NetworkError)) {
          this.update(entry, { state: { kind: 'failed', reason: error instanceof Error ? error.message : 'Unknown error' } });
          return;
        }
        failure = 'network error';
      }
      if (attempt >= this.options.maxAttempts) {
        this.update(entry, { state: { kind: 'failed', reason: `Gave up after ${attempt} tries (${failure})` } });
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

  private findUrl(urls: RefreshedUrl[], entry: Entry): RefreshedUrl | undefined {
    return (
      urls.find((u) => entry.item.fileKey !== undefined && u.fileKey === entry.item.fileKey) ??
      urls.find((u) => u.fileName === entry.item.fileName)
    );
  }

  /** One refresh-urls call serves every file that met a 403 around the same time (expiry hits them all). */
  private async refreshUrl(entry: Entry): Promise<boolean> {
    if (!this.options.refreshUrls || entry.refreshes >= this.options.maxRefreshes) return false;
    entry.refreshes += 1;
    const known = this.findUrl(this.lastRefreshed, entry);
    if (known && known.uploadUrl !== entry.item.url && !this.refreshing) {
      entry.item = { ...entry.item, url: known.uploadUrl, fileKey: known.fileKey };
      return true;
    }
    const pending = this.refreshing ?? this.options.refreshUrls();
    this.refreshing = pending;
    try {
      const urls = await pending;
      this.lastRefreshed = urls;
      const match = this.findUrl(urls, entry);
      if (!match) return false;
      entry.item = { ...entry.item, url: match.uploadUrl, fileKey: match.fileKey };
      return true;
    } catch {
      return false;
    } finally {
      if (this.refreshing === pending) this.refreshing = null;
    }
  }

  private update(entry: Entry, patch: Partial<FileProgress>): void {
    entry.progress = { ...entry.progress, ...patch };
    this.emit();
  }

  private emit(): void {
    this.snapshotCache = null;
    const snapshot = this.snapshot();
    for (const listener of this.listeners) listener(snapshot);
  }
}
