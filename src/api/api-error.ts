import { messageForCode } from './error-codes';

export type ApiErrorKind = 'http' | 'network' | 'contract';

/** The one error type every API call throws: HTTP status, service code and plain words. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: string;
  readonly method: string;
  readonly path: string;
  readonly details: { path: string; message: string }[];

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    code: string;
    method: string;
    path: string;
    message?: string;
    details?: { path: string; message: string }[];
  }) {
    super(init.message ?? messageForCode(init.code, init.status));
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.method = init.method;
    this.path = init.path;
    this.details = init.details ?? [];
  }

  /** The message for one request field (e.g. "files.0.fileName"), when the service named it. */
  fieldMessage(field: string): string | undefined {
    return this.details.find((d) => d.path === field)?.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** 404 and 405 mean "this service has no such endpoint" for the optional endpoints. */
export function isMissingEndpoint(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && (error.status === 405 || (error.status === 404 && error.code === 'RESOURCE_NOT_FOUND'));
}
