import { createHmac, timingSafeEqual } from 'node:crypto';
import { DOWNLOAD_URL_TTL_S } from '../../src/api/limits';
import type { EmulatorContext } from '../context';
import { getSetting, setSetting, type Db } from '../db/database';
import { randomToken } from '../domain/random';

const SETTING = 'storage_signing_key';
/** Download and thumbnail URLs live one hour (interface notes: expiresIn 3600). */
export const DOWNLOAD_URL_TTL_SECONDS = DOWNLOAD_URL_TTL_S;
/**
 * GET URLs are rounded up to this step so that polling an order returns the
 * same thumbnail URL for a while (the browser keeps its cached image) while
 * every URL stays valid for at least the full hour.
 */
const GET_EXPIRY_STEP_SECONDS = 600;

export type SignedMethod = 'GET' | 'PUT';

function signingKey(db: Db): string {
  let key = getSetting(db, SETTING);
  if (!key) {
    key = randomToken(48);
    setSetting(db, SETTING, key);
  }
  return key;
}

function signature(db: Db, method: SignedMethod, key: string, expires: number): string {
  return createHmac('sha256', signingKey(db)).update(`${method}\n${key}\n${expires}`).digest('hex');
}

/** `<publicUrl>/storage/<key>?expires=<unix s>&signature=<hex>`; the signature is the only credential. */
export function presignUrl(ctx: EmulatorContext, method: SignedMethod, key: string, expires: number): string {
  const query = new URLSearchParams({ expires: String(expires), signature: signature(ctx.db, method, key, expires) });
  return `${ctx.publicUrl}/storage/${key}?${query.toString()}`;
}

export function uploadUrl(ctx: EmulatorContext, key: string, now = Date.now()): string {
  return presignUrl(ctx, 'PUT', key, Math.floor(now / 1000) + ctx.config.uploadUrlTtlSeconds);
}

export function getUrl(ctx: EmulatorContext, key: string, now = Date.now()): string {
  const earliest = Math.floor(now / 1000) + DOWNLOAD_URL_TTL_SECONDS;
  return presignUrl(ctx, 'GET', key, Math.ceil(earliest / GET_EXPIRY_STEP_SECONDS) * GET_EXPIRY_STEP_SECONDS);
}

export type SignatureCheck = 'ok' | 'invalid' | 'expired';

/** Signature first (a changed expiry is tampering, not expiry), then the clock. */
export function checkSignature(
  db: Db,
  method: SignedMethod,
  key: string,
  query: { expires?: string; signature?: string },
  now = Date.now(),
): SignatureCheck {
  if (!query.expires || !/^\d{1,12}$/.test(query.expires) || !query.signature || !/^[0-9a-f]{64}$/.test(query.signature)) {
    return 'invalid';
  }
  const expected = Buffer.from(signature(db, method, key, Number(query.expires)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(query.signature, 'hex'))) return 'invalid';
  return Number(query.expires) * 1000 < now ? 'expired' : 'ok';
}
