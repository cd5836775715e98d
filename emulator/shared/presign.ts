import { createHmac, timingSafeEqual } from 'node:crypto';
import { extensionOf, MIME_BY_EXTENSION } from '../../src/api/formats';
import { DOWNLOAD_URL_TTL_S } from '../../src/api/limits';
import type { EmulatorContext } from '../context';
import { getSetting, setSetting, type Db } from '../db/database';
import { randomToken } from './random';

/**
 * Presigned storage URLs: the contract between the side that hands them out (the orders domain, the jobs, the demo
 * history) and the side that honours them (the storage routes), as a service's SDK and S3 share SigV4. It lives in
 * shared/ so that neither the domain nor storage imports the other (docs/decisions/emulator-http.md).
 */

const SETTING = 'storage_signing_key';
/** Download and thumbnail URLs live one hour (interface notes: expiresIn 3600). */
export const DOWNLOAD_URL_TTL_SECONDS = DOWNLOAD_URL_TTL_S;
/**
 * GET URLs are signed at a time rounded down to this step and expire at one rounded up, so that polling an order
 * returns the same thumbnail URL for a while (the browser keeps its cached image) while every URL stays valid for at
 * least the full hour.
 */
const GET_EXPIRY_STEP_SECONDS = 600;
/** S3 refuses presigned URLs that claim to live longer than 7 days. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;

/** The path prefix of every storage URL: S3's path style, with the bucket named `storage`. */
export const STORAGE_PREFIX = '/storage/';
export const ALGORITHM = 'AWS4-HMAC-SHA256';

export type SignedMethod = 'GET' | 'PUT';

function signingKey(db: Db): string {
  let key = getSetting(db, SETTING);
  if (!key) {
    key = randomToken(48);
    setSetting(db, SETTING, key);
  }
  return key;
}

/** yyyymmddThhmmssZ, as X-Amz-Date. */
export function amzDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function unixOfAmzDate(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return null;
  const time = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  return Number.isFinite(time) ? time / 1000 : null;
}

/**
 * What the signature covers: method, path, signing time, lifetime and the signed headers with their values. `host`
 * is listed, as S3 always lists it, but its value is the URL's own: proxies in front of storage (the dashboard's
 * /storage proxy, the upload relay) reach it under other names. An HMAC with the stored key, not SigV4's derived
 * key chain: nothing outside the emulator verifies these.
 */
function signature(db: Db, method: SignedMethod, key: string, date: string, expires: number, headers: SignedHeaders): string {
  const names = signedHeaderNames(headers);
  const values = names.map((name) => `${name}:${name === 'host' ? '' : headers[name as keyof SignedHeaders] ?? ''}`);
  return createHmac('sha256', signingKey(db))
    .update([method, `${STORAGE_PREFIX}${key}`, date, String(expires), names.join(';'), ...values].join('\n'))
    .digest('hex');
}

/** Headers a URL may bind the request to, besides host. */
export interface SignedHeaders {
  'content-type'?: string;
}

function signedHeaderNames(headers: SignedHeaders): string[] {
  return [...(headers['content-type'] !== undefined ? ['content-type'] : []), 'host'];
}

function storageBase(ctx: EmulatorContext): string {
  return ctx.storageUrl ?? ctx.publicUrl;
}

/**
 * `<storage>/storage/<key>?X-Amz-Algorithm=…&X-Amz-Credential=…&X-Amz-Date=…&X-Amz-Expires=…&X-Amz-SignedHeaders=…
 * &X-Amz-Signature=…`: the query of an S3 SigV4 presigned URL, so that a client reading a URL's expiry reads it the
 * same way from the emulator and from S3. The signature is the only credential.
 */
export function presignUrl(
  ctx: EmulatorContext,
  method: SignedMethod,
  key: string,
  signedAt: number,
  expiresSeconds: number,
  headers: SignedHeaders = {},
): string {
  const date = amzDate(signedAt);
  const query = new URLSearchParams({
    'X-Amz-Algorithm': ALGORITHM,
    'X-Amz-Credential': `EMULATOR/${date.slice(0, 8)}/local/s3/aws4_request`,
    'X-Amz-Date': date,
    'X-Amz-Expires': String(expiresSeconds),
    'X-Amz-SignedHeaders': signedHeaderNames(headers).join(';'),
    'X-Amz-Signature': signature(ctx.db, method, key, date, expiresSeconds, headers),
  });
  return `${storageBase(ctx)}${STORAGE_PREFIX}${key}?${query.toString()}`;
}

/**
 * Storage on its own origin signs the Content-Type the file's extension implies, as a service that presigns with
 * S3's ContentType does: a PUT with another one is refused (SignatureDoesNotMatch). The same-origin storage signs none.
 */
export function uploadUrl(ctx: EmulatorContext, key: string, now = Date.now()): string {
  const type = ctx.config.storagePort !== undefined ? MIME_BY_EXTENSION[extensionOf(key)] : undefined;
  return presignUrl(ctx, 'PUT', key, Math.floor(now / 1000), ctx.config.uploadUrlTtlSeconds, type ? { 'content-type': type } : {});
}

export function getUrl(ctx: EmulatorContext, key: string, now = Date.now()): string {
  const seconds = Math.floor(now / 1000);
  const signedAt = Math.floor(seconds / GET_EXPIRY_STEP_SECONDS) * GET_EXPIRY_STEP_SECONDS;
  const expiresAt = Math.ceil((seconds + DOWNLOAD_URL_TTL_SECONDS) / GET_EXPIRY_STEP_SECONDS) * GET_EXPIRY_STEP_SECONDS;
  return presignUrl(ctx, 'GET', key, signedAt, expiresAt - signedAt);
}

/**
 * - malformed: a parameter is missing or not in S3's shape (S3: 400 AuthorizationQueryParametersError);
 * - invalid: the signature does not cover this request (tampered URL, another key, another Content-Type);
 * - expired: signed correctly, but its time is up.
 */
export type SignatureCheck =
  | { result: 'ok' }
  | { result: 'malformed'; message: string }
  | { result: 'invalid' }
  | { result: 'expired'; expiresSeconds: number; expiredAt: number };

/** The request as storage sees it: its query and the headers a URL may have signed. */
export interface StorageRequest {
  method: SignedMethod;
  key: string;
  query: (name: string) => string | undefined;
  header: (name: string) => string | undefined;
}

/** Signature first (a changed expiry is tampering, not expiry), then the clock. */
export function checkSignature(db: Db, request: StorageRequest, now = Date.now()): SignatureCheck {
  const q = request.query;
  const date = q('X-Amz-Date');
  const expires = q('X-Amz-Expires');
  const names = q('X-Amz-SignedHeaders');
  const provided = q('X-Amz-Signature');
  if (q('X-Amz-Algorithm') !== ALGORITHM || !date || !expires || !names || !provided) {
    return { result: 'malformed', message: `Query-string authentication requires the X-Amz-Algorithm (${ALGORITHM}), X-Amz-Date, X-Amz-Expires, X-Amz-SignedHeaders and X-Amz-Signature parameters` };
  }
  const signedAt = unixOfAmzDate(date);
  if (signedAt === null) return { result: 'malformed', message: 'X-Amz-Date must be in the ISO8601 Long Format "yyyyMMdd\'T\'HHmmss\'Z\'"' };
  if (!/^\d{1,7}$/.test(expires) || Number(expires) < 1 || Number(expires) > MAX_EXPIRES_SECONDS) {
    return { result: 'malformed', message: `X-Amz-Expires must be between 1 and ${MAX_EXPIRES_SECONDS} seconds` };
  }
  const headerNames = names.split(';');
  if (!headerNames.includes('host') || headerNames.some((name) => name !== 'host' && name !== 'content-type')) return { result: 'invalid' };
  if (!/^[0-9a-f]{64}$/.test(provided)) return { result: 'invalid' };
  const headers: SignedHeaders = headerNames.includes('content-type') ? { 'content-type': request.header('content-type') ?? '' } : {};
  const expected = Buffer.from(signature(db, request.method, request.key, date, Number(expires), headers), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(provided, 'hex'))) return { result: 'invalid' };
  const expiredAt = signedAt + Number(expires);
  return expiredAt * 1000 < now ? { result: 'expired', expiresSeconds: Number(expires), expiredAt } : { result: 'ok' };
}
