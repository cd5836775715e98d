import type { ErrorCode } from '../../src/api/error-codes';

/** The refusals the domain gives, named by the service's own codes so every layer speaks of them alike. */
export type DomainErrorCode = Extract<
  ErrorCode,
  | 'ORDER_NOT_FOUND'
  | 'USAGE_LIMIT_EXCEEDED'
  | 'ORDER_TYPE_NOT_MATCH'
  | 'ORDER_ALREADY_CONFIRMED'
  | 'ORDER_NOT_PENDING'
  | 'ORDER_FILE_NOT_UPLOADED'
  | 'ORDER_EXPIRED'
  | 'ORDER_ALREADY_FAILED'
  | 'ORDER_TYPE_CANT_DOWNLOAD'
  | 'ORDER_NOT_COMPLETED'
>;

/**
 * A rule of the domain said no. It knows no status codes: the HTTP layer maps it (http/http-error.ts,
 * httpErrorOf), so domain code runs the same under a route, the demo history or a benchmark seeder.
 */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function refuse(code: DomainErrorCode, message: string): never {
  throw new DomainError(code, message);
}
