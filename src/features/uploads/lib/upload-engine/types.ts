import type { NetworkFailure } from '@/lib/storage-access/network-failure';

/** What the engine needs from the network: one PUT. Injected so tests can fake it. */
export interface PutRequest {
  url: string;
  body: Blob;
  contentType: string;
  signal: AbortSignal;
  onProgress: (loadedBytes: number) => void;
}

/**
 * Resolves with the HTTP status (and, for a refusal, the answer's body: S3's XML error says why); rejects with a
 * `NetworkError` when no answer came (or `AbortError` when aborted).
 */
export interface UploadTransport {
  put(request: PutRequest): Promise<{ status: number; body?: string }>;
}

export class NetworkError extends Error {
  /** Why no answer came, when the transport could tell (offline, CSP, CORS, unreachable…). */
  readonly failure?: NetworkFailure;

  // eslint-disable-next-line lingui/no-unlocalized-strings -- for logs: the engine shows its own words for a network error
  constructor(message = 'The connection failed', failure?: NetworkFailure) {
    super(message);
    this.name = 'NetworkError';
    this.failure = failure;
  }
}

/**
 * An upload URL the service issued for one file, as the creation and refresh-urls answers list it.
 * The fileKey names the file from then on: two files of an order may share a name, never a key.
 */
export interface IssuedUpload {
  fileName: string;
  fileKey: string;
  uploadUrl: string;
}

/** One file to PUT: its issued upload (the URL is replaced when renewed) and its bytes. */
export interface UploadItem extends IssuedUpload {
  body: Blob;
  contentType: string;
}

/** A refresh-urls answer with the service's `Date` header (ms since the epoch, null when absent), which lets the engine bound clock skew. */
export interface RefreshAnswer {
  files: IssuedUpload[];
  serverDate: number | null;
}

export type FileState =
  | { kind: 'waiting' }
  | { kind: 'uploading' }
  | { kind: 'retrying'; attempt: number; reason: string }
  | { kind: 'done' }
  | { kind: 'failed'; reason: string }
  | { kind: 'cancelled' };

export interface FileProgress {
  /** The file's key. */
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
