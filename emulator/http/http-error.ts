import { ERROR_CODES, type ErrorCode } from '../../src/api/error-codes';
import { SERVICE_MESSAGES } from './service-messages';
import { DomainError } from '../domain/domain-error';

/** Thrown anywhere in a handler; the app turns it into `{ code, message, details }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message?: string,
    readonly details?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? code);
  }
}

/** A documented code with its documented status. */
export function fail(code: ErrorCode, message?: string, details?: { path: string; message: string }[]): never {
  throw new HttpError(ERROR_CODES[code].status, code, message ?? SERVICE_MESSAGES[code], details);
}

/**
 * The one place a domain refusal becomes HTTP: its code's documented status, its words unchanged. Undefined for
 * errors that are neither (the app's error handler decides about those).
 */
export function httpErrorOf(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof DomainError) return new HttpError(ERROR_CODES[error.code].status, error.code, error.message);
  return undefined;
}
