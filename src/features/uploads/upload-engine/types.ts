/** What the engine needs from the network: one PUT. Injected so tests can fake it. */
export interface PutRequest {
  url: string;
  body: Blob;
  contentType: string;
  signal: AbortSignal;
  onProgress: (loadedBytes: number) => void;
}

/** Resolves with the HTTP status; rejects with a `NetworkError` when no answer came (or `AbortError` when aborted). */
export interface UploadTransport {
  put(request: PutRequest): Promise<{ status: number }>;
}

export class NetworkError extends Error {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- for logs: the engine shows its own words for a network error
  constructor(message = 'The connection failed') {
    super(message);
    this.name = 'NetworkError';
  }
}

export interface UploadItem {
  /** Stable id inside one submission (the file name is unique per order). */
  id: string;
  fileName: string;
  fileKey?: string;
  url: string;
  body: Blob;
  contentType: string;
}

/** A new URL for a file, as refresh-urls returns it. */
export interface RefreshedUrl {
  fileName: string;
  fileKey: string;
  uploadUrl: string;
}

/** A refresh-urls answer with the service's `Date` header (ms since the epoch), which lets the engine bound clock skew. */
export interface RefreshAnswer {
  urls: RefreshedUrl[];
  serverDate?: number | null;
}

export type FileState =
  | { kind: 'waiting' }
  | { kind: 'uploading' }
  | { kind: 'retrying'; attempt: number; reason: string }
  | { kind: 'done' }
  | { kind: 'failed'; reason: string }
  | { kind: 'cancelled' };

export interface FileProgress {
  id: string;
  fileName: string;
  size: number;
  loaded: number;
  state: FileState;
}

export interface UploadSnapshot {
  files: FileProgress[];
  totalBytes: number;
  loadedBytes: number;
  /** Bytes per second since the start, 0 until something moved. */
  bytesPerSecond: number;
  /** Seconds left at the current speed, null when unknown. */
  secondsLeft: number | null;
  running: boolean;
  /** A refresh-urls call is under way (ahead of expiry or after a 403). */
  renewingUrls: boolean;
}
