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

/** 404 and 405 mean "this service has no such endpoint" for the optional endpoints. */
export function isMissingEndpoint(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && (error.status === 405 || (error.status === 404 && error.code === 'RESOURCE_NOT_FOUND'));
}
