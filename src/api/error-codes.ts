/**
 * Every documented error code with its HTTP status and the plain words the
 * dashboard shows for it. The code itself stays visible next to the words.
 */
export const ERROR_CODES = {
  AUTH_NOT_AUTHENTICATED: { status: 401, message: 'You are not signed in.' },
  AUTH_TOKEN_EXPIRED: { status: 401, message: 'Your session has expired. Sign in again to continue.' },
  AUTH_TOKEN_INVALID: { status: 401, message: 'Your session is no longer valid. Sign in again to continue.' },
  AUTH_TOKEN_INVALID_FORMAT: { status: 401, message: 'The sign-in token was not in a form the service accepts.' },
  AUTH_FORBIDDEN: { status: 403, message: 'Your account is not allowed to do this.' },
  ORDER_NOT_OWNER: { status: 403, message: 'This order belongs to another account.' },
  VALIDATION_FAILED: { status: 400, message: 'Some of the values sent were not accepted.' },
  VALIDATION_IDEMPOTENCY_KEY_INVALID: { status: 400, message: 'The request key was not accepted. Try again.' },
  INVALID_PARAMETER: { status: 400, message: 'A value in the request was not accepted.' },
  ORDER_NOT_FOUND: { status: 404, message: 'There is no such order in this account.' },
  WEBHOOK_NOT_FOUND: { status: 404, message: 'There is no such webhook in this account.' },
  RESOURCE_NOT_FOUND: { status: 404, message: 'That was not found.' },
  PLAN_NOT_FOUND: { status: 404, message: 'No plan was found for this account.' },
  ORDER_NOT_PENDING: { status: 400, message: 'This order is no longer waiting for files.' },
  ORDER_EXPIRED: { status: 400, message: 'This order has expired; its files can no longer be downloaded.' },
  ORDER_NOT_COMPLETED: { status: 400, message: 'This order has not finished yet.' },
  ORDER_FILE_NOT_UPLOADED: { status: 400, message: 'Not every file of this order has been uploaded yet.' },
  ORDER_ALREADY_CONFIRMED: { status: 400, message: 'This order was already confirmed.' },
  ORDER_ALREADY_COMPLETED: { status: 400, message: 'This order has already completed.' },
  ORDER_ALREADY_FAILED: { status: 400, message: 'This order has already failed.' },
  ORDER_TYPE_NOT_MATCH: { status: 400, message: 'This action does not apply to this kind of order.' },
  ORDER_TYPE_CANT_DOWNLOAD: { status: 400, message: 'This kind of order has no download.' },
  ORDER_TIMEOUT: { status: 408, message: 'The order took too long to process.' },
  USAGE_LIMIT_EXCEEDED: { status: 400, message: 'This would go over your plan’s usage limit.' },
  USAGE_NOT_ENOUGH: { status: 400, message: 'Your plan has not enough usage left for this order.' },
  RATE_LIMIT_EXCEEDED: { status: 429, message: 'Too many requests in a short time. Wait a moment and try again.' },
  SERVER_INTERNAL_ERROR: { status: 500, message: 'The service had an internal error. Try again in a moment.' },
  // Emulator extras (documented in docs/interface-decisions.md).
  METHOD_NOT_ALLOWED: { status: 405, message: 'The service does not support this action here.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'What was sent is too large.' },
  UPLOAD_URL_EXPIRED: { status: 403, message: 'The upload link has expired.' },
  UPLOAD_URL_INVALID: { status: 403, message: 'The upload link is not valid.' },
  UPLOAD_INCOMPLETE: { status: 400, message: 'The upload broke off before the whole file arrived.' },
  STORAGE_FULL: { status: 507, message: 'The service has no room to store this right now. Try again in a moment.' },
  STORAGE_UNAVAILABLE: { status: 503, message: 'The service could not store this right now. Try again in a moment.' },
  RECEIVER_LIMIT_REACHED: { status: 400, message: 'This account has as many test receivers as it may have.' },
  BAD_GATEWAY: { status: 502, message: 'The dashboard server could not reach the service. Try again in a moment.' },
  STORAGE_FAULT_INJECTED: { status: 500, message: 'The storage failed this upload on purpose (emulator fault test).' },
  DOWNLOAD_URL_EXPIRED: { status: 403, message: 'The download link has expired. Ask for a new one.' },
  DOWNLOAD_URL_INVALID: { status: 403, message: 'The download link is not valid.' },
  EVENT_NOT_RETRYABLE: { status: 422, message: 'Only failed deliveries can be retried.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Codes that mean the session is gone: one place turns them into a sign-in. */
export const SESSION_ENDING_CODES: readonly string[] = [
  'AUTH_NOT_AUTHENTICATED',
  'AUTH_TOKEN_EXPIRED',
  'AUTH_TOKEN_INVALID',
  'AUTH_TOKEN_INVALID_FORMAT',
];

export function messageForCode(code: string | undefined, status: number): string {
  if (code && code in ERROR_CODES) return ERROR_CODES[code as ErrorCode].message;
  if (status === 404) return 'That was not found.';
  if (status === 429) return ERROR_CODES.RATE_LIMIT_EXCEEDED.message;
  if (status >= 500) return 'The service had a problem. Try again in a moment.';
  if (status === 0) return 'The service could not be reached. Check your connection and try again.';
  return 'The request was not accepted.';
}
