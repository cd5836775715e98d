/**
 * The service's limits and timings (service-interface.md "Limits", interface-notes.md; the rest decided in
 * docs/interface-decisions.md), shown and checked by the dashboard and enforced by the emulator, which imports
 * them from here. One place, so a change of the service is one edit. Counts and lengths of an order's fields
 * (files per order, name and watermark lengths) are in formats.ts with the accepted formats.
 * Plain numbers only: the sign-in page's first load imports this file.
 */

/** Largest file accepted for upload or fetched in URL mode (the service shows none; docs/decisions/uploads.md). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** Largest `limit` of a listing (orders, webhooks, delivery events). */
export const LIST_LIMIT_MAX = 100;

/** A sign-in token's lifetime when the service says nothing else. */
export const ACCESS_TOKEN_TTL_S = 2 * 60 * 60;

/** Requests per minute per plan (REF); other plans fall back to the free plan's figure. */
export const RATE_LIMITS_PER_MINUTE = { free: 60, pro: 300, enterprise: 1000 } as const;

/** An order expires this long after creation: an unfinished one stops, a finished one's files can no longer be downloaded. */
export const ORDER_LIFETIME_DAYS = 7;

/** A result download link is valid this long (`expiresIn`). */
export const DOWNLOAD_URL_TTL_S = 3600;

/** The usage statistics cover the days ending at the reference date. */
export const STATS_WINDOW_DAYS = 7;

/** A webhook receiver must answer within this time, or the attempt counts as a timeout. */
export const WEBHOOK_DELIVERY_TIMEOUT_S = 5;

/** Retry n (1-based) of a failed delivery waits WEBHOOK_RETRY_DELAYS_S[n-1] seconds; its length is the number of retries. */
export const WEBHOOK_RETRY_DELAYS_S = [1, 2, 4] as const;

/** Retry-failed: the date range spans at most this many days and re-sends at most this many events. */
export const RETRY_FAILED_MAX_DAYS = 7;
export const RETRY_FAILED_MAX_EVENTS = 50;

export const WEBHOOK_NAME_MAX = 100;

/** Longest idempotency key accepted: generous, as the specification types the key as a plain string. */
export const IDEMPOTENCY_KEY_MAX = 255;

/** Emulator only: a webhook's most recent delivery attempts in one call, for latency figures. */
export const WEBHOOK_ATTEMPTS_MAX = 500;
export const WEBHOOK_ATTEMPTS_DEFAULT = 100;
