import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/*
 * The words for the error codes a sign-in can meet, in the first-load catalog: the cold sign-in screen loads only
 * that one. Every other code's words are in the app catalog (./error-words.ts), registered here when the app's code
 * arrives. The code itself stays visible beside the words (ErrorAlert); the service's own text is only a detail.
 */
const words: Record<string, MessageDescriptor> = {
  AUTH_NOT_AUTHENTICATED: msg`You are not signed in.`,
  AUTH_TOKEN_EXPIRED: msg`Your session has expired. Sign in again to continue.`,
  AUTH_TOKEN_INVALID: msg`Your session is no longer valid. Sign in again to continue.`,
  AUTH_TOKEN_INVALID_FORMAT: msg`The sign-in token was not in a form the service accepts.`,
  AUTH_FORBIDDEN: msg`Your account is not allowed to do this.`,
  VALIDATION_FAILED: msg`Some of the values sent were not accepted.`,
  INVALID_PARAMETER: msg`A value in the request was not accepted.`,
  RATE_LIMIT_EXCEEDED: msg`Too many requests in a short time. Wait a moment and try again.`,
  SERVER_INTERNAL_ERROR: msg`The service had an internal error. Try again in a moment.`,
  BAD_GATEWAY: msg`The dashboard server could not reach the service. Try again in a moment.`,
  RESPONSE_MISMATCH: msg`The service answered in a form the dashboard does not understand.`,
};

const notFound = msg`That was not found.`;
const serverProblem = msg`The service had a problem. Try again in a moment.`;
const unreachable = msg`The service could not be reached. Check your connection and try again.`;
const refused = msg`The request was not accepted.`;

/** The app's own codes join once its code has loaded (their words arrive with the app catalog). */
export function registerErrorWords(more: Record<string, MessageDescriptor>): void {
  Object.assign(words, more);
}

/**
 * A production build keeps only ids: a code whose words are in a catalog not loaded yet (the app's, on the sign-in
 * screen) would show its id, so the status's general words stand in for it until then.
 */
function available(descriptor: MessageDescriptor | undefined): descriptor is MessageDescriptor {
  return descriptor !== undefined && (descriptor.message !== undefined || i18n.messages[descriptor.id] !== undefined);
}

/** The words for a code (or, without known words, for the HTTP status), in the active language. */
export function errorWords(code: string | undefined, status: number): string {
  const known = code ? words[code] : undefined;
  if (available(known)) return i18n._(known);
  if (status === 404) return i18n._(notFound);
  if (status === 429) return i18n._(words.RATE_LIMIT_EXCEEDED!);
  if (status >= 500) return i18n._(serverProblem);
  if (status === 0) return i18n._(unreachable);
  return i18n._(refused);
}

/** Codes that mean the session is gone: one place turns them into a sign-in. */
export const SESSION_ENDING_CODES: readonly string[] = ['AUTH_NOT_AUTHENTICATED', 'AUTH_TOKEN_EXPIRED', 'AUTH_TOKEN_INVALID', 'AUTH_TOKEN_INVALID_FORMAT'];
