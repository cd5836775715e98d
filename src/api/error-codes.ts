/**
 * Every documented error code with its HTTP status: plain data, shared with the emulator (which runs without the
 * i18n macros). The words the dashboard shows for each code are in ./first-load-errors.ts (what a sign-in can meet)
 * and ./error-words.ts (the rest).
 */
export const ERROR_CODES = {
  AUTH_NOT_AUTHENTICATED: { status: 401 },
  AUTH_TOKEN_EXPIRED: { status: 401 },
  AUTH_TOKEN_INVALID: { status: 401 },
  AUTH_TOKEN_INVALID_FORMAT: { status: 401 },
  AUTH_FORBIDDEN: { status: 403 },
  ORDER_NOT_OWNER: { status: 403 },
  VALIDATION_FAILED: { status: 400 },
  VALIDATION_IDEMPOTENCY_KEY_INVALID: { status: 400 },
  INVALID_PARAMETER: { status: 400 },
  ORDER_NOT_FOUND: { status: 404 },
  WEBHOOK_NOT_FOUND: { status: 404 },
  RESOURCE_NOT_FOUND: { status: 404 },
  PLAN_NOT_FOUND: { status: 404 },
  ORDER_NOT_PENDING: { status: 400 },
  ORDER_EXPIRED: { status: 400 },
  ORDER_NOT_COMPLETED: { status: 400 },
  ORDER_FILE_NOT_UPLOADED: { status: 400 },
  ORDER_ALREADY_CONFIRMED: { status: 400 },
  ORDER_ALREADY_COMPLETED: { status: 400 },
  ORDER_ALREADY_FAILED: { status: 400 },
  ORDER_TYPE_NOT_MATCH: { status: 400 },
  ORDER_TYPE_CANT_DOWNLOAD: { status: 400 },
  ORDER_TIMEOUT: { status: 408 },
  USAGE_LIMIT_EXCEEDED: { status: 400 },
  USAGE_NOT_ENOUGH: { status: 400 },
  RATE_LIMIT_EXCEEDED: { status: 429 },
  SERVER_INTERNAL_ERROR: { status: 500 },
  // Emulator extras (documented in docs/interface-decisions.md).
  METHOD_NOT_ALLOWED: { status: 405 },
  PAYLOAD_TOO_LARGE: { status: 413 },
  UPLOAD_URL_EXPIRED: { status: 403 },
  UPLOAD_URL_INVALID: { status: 403 },
  UPLOAD_INCOMPLETE: { status: 400 },
  STORAGE_FULL: { status: 507 },
  STORAGE_UNAVAILABLE: { status: 503 },
  RECEIVER_LIMIT_REACHED: { status: 400 },
  BAD_GATEWAY: { status: 502 },
  STORAGE_FAULT_INJECTED: { status: 500 },
  DOWNLOAD_URL_EXPIRED: { status: 403 },
  DOWNLOAD_URL_INVALID: { status: 403 },
  EVENT_NOT_RETRYABLE: { status: 422 },
} as const satisfies Record<string, { status: number }>;

export type ErrorCode = keyof typeof ERROR_CODES;
