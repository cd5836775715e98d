import { errorWords } from './first-load-errors';

export type ApiErrorKind = 'http' | 'network' | 'contract';

/** The one error type every API call throws: HTTP status, service code, and plain words for both. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: string;
  readonly method: string;
  readonly path: string;
  readonly details: { path: string; message: string }[];
  /**
   * The service's own text (it may be Korean whatever the dashboard's language), or what a contract error found:
   * shown under the dashboard's words, never instead of them.
   */
  readonly detail: string | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    code: string;
    method: string;
    path: string;
    message?: string;
    details?: { path: string; message: string }[];
  }) {
    super();
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.method = init.method;
    this.path = init.path;
    this.details = init.details ?? [];
    this.detail = init.message;
  }

  /** The message for one request field (e.g. "files.0.fileName"), when the service named it. */
  fieldMessage(field: string): string | undefined {
    return this.details.find((d) => d.path === field)?.message;
  }
}

// `message` is read when shown, not fixed when thrown: an error still on screen follows a change of language.
// (An accessor, because TypeScript will not let a subclass turn Error's `message` property into one; super() made no
// own `message`, so this one is found.)
Object.defineProperty(ApiError.prototype, 'message', {
  get(this: ApiError) {
    return errorWords(this.code, this.status);
  },
  configurable: true,
});

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** 404 codes that name what the path points at (an order, a webhook, a plan): the endpoint is there, the thing is not. */
const NAMED_NOT_FOUND_CODES: readonly string[] = ['ORDER_NOT_FOUND', 'WEBHOOK_NOT_FOUND', 'PLAN_NOT_FOUND'];

/**
 * "This service has no such endpoint" (interface notes: an older service may lack the list, download, retry
 * and retry-failed endpoints, and only the emulator has /_emulator): a 405, or a 404 that names no missing
 * order, webhook or plan (RESOURCE_NOT_FOUND, or no code at all). The one rule for every optional endpoint.
 */
export function isMissingEndpoint(error: unknown): boolean {
  if (!isApiError(error) || error.kind !== 'http') return false;
  return error.status === 405 || (error.status === 404 && !NAMED_NOT_FOUND_CODES.includes(error.code));
}

/** Answers that may pass on their own: overload and server faults (5xx), a request timeout (408), rate limiting (429). */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/**
 * Whether a failed call is worth another try: a network fault or a retryable status, never what the service
 * refused for good (other 4xx) nor a body outside the contract, which would come back the same. A failure
 * that is not an ApiError (a thrown bug, a failed chunk load) is retried, as react-query would; an abort never is.
 */
export function isWorthRetrying(error: unknown): boolean {
  if (isApiError(error)) {
    if (error.kind === 'network') return true;
    if (error.kind === 'contract') return false;
    return isRetryableStatus(error.status);
  }
  return !(error instanceof DOMException && error.name === 'AbortError');
}
