import { msg } from '@lingui/core/macro';
import { registerErrorWords } from './first-load-errors';

/*
 * The words for every code a sign-in cannot meet, in the app catalog (the sign-in codes are in ./first-load-errors.ts).
 * Registered when the app's code loads; until its catalog has arrived too, the status's general words stand in.
 */
export const APP_ERROR_WORDS = {
  ORDER_NOT_OWNER: msg`This order belongs to another account.`,
  VALIDATION_IDEMPOTENCY_KEY_INVALID: msg`The request key was not accepted. Try again.`,
  ORDER_NOT_FOUND: msg`There is no such order in this account.`,
  WEBHOOK_NOT_FOUND: msg`There is no such webhook in this account.`,
  RESOURCE_NOT_FOUND: msg`That was not found.`,
  PLAN_NOT_FOUND: msg`No plan was found for this account.`,
  ORDER_NOT_PENDING: msg`This order is no longer waiting for files.`,
  ORDER_EXPIRED: msg`This order has expired; its files can no longer be downloaded.`,
  ORDER_NOT_COMPLETED: msg`This order has not finished yet.`,
  ORDER_FILE_NOT_UPLOADED: msg`Not every file of this order has been uploaded yet.`,
  ORDER_ALREADY_CONFIRMED: msg`This order was already confirmed.`,
  ORDER_ALREADY_COMPLETED: msg`This order has already completed.`,
  ORDER_ALREADY_FAILED: msg`This order has already failed.`,
  ORDER_TYPE_NOT_MATCH: msg`This action does not apply to this kind of order.`,
  ORDER_TYPE_CANT_DOWNLOAD: msg`This kind of order has no download.`,
  ORDER_TIMEOUT: msg`The order took too long to process.`,
  USAGE_LIMIT_EXCEEDED: msg`This would go over your plan’s usage limit.`,
  USAGE_NOT_ENOUGH: msg`Your plan has not enough usage left for this order.`,
  METHOD_NOT_ALLOWED: msg`The service does not support this action here.`,
  PAYLOAD_TOO_LARGE: msg`What was sent is too large.`,
  UPLOAD_URL_EXPIRED: msg`The upload link has expired.`,
  UPLOAD_URL_INVALID: msg`The upload link is not valid.`,
  UPLOAD_INCOMPLETE: msg`The upload broke off before the whole file arrived.`,
  STORAGE_FULL: msg`The service has no room to store this right now. Try again in a moment.`,
  STORAGE_UNAVAILABLE: msg`The service could not store this right now. Try again in a moment.`,
  RECEIVER_LIMIT_REACHED: msg`This account has as many test receivers as it may have.`,
  STORAGE_FAULT_INJECTED: msg`The storage failed this upload on purpose (emulator fault test).`,
  DOWNLOAD_URL_EXPIRED: msg`The download link has expired. Ask for a new one.`,
  DOWNLOAD_URL_INVALID: msg`The download link is not valid.`,
  EVENT_NOT_RETRYABLE: msg`Only failed deliveries can be retried.`,
  // Documented by the service (its errors page and quickstarts) but not produced by the emulator.
  PROCESSED_FILE_NOT_FOUND: msg`No processed result file exists for this order.`,
  TEST_UPLOAD_TOO_LARGE: msg`The test upload is larger than the 50 MiB default limit.`,
  WATERMARK_V2_API_SUNSET: msg`Embedding and extracting v2 watermarks is no longer supported. Create a new order with v3.`,
  PLAN_LIMIT_EXCEEDED: msg`Your plan’s usage is used up. Upgrade your plan to continue.`,
};

registerErrorWords(APP_ERROR_WORDS);
