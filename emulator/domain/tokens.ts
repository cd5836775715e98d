import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { getSetting, setSetting, type Db } from '../db/database';

export type TokenCheck =
  | { ok: true; accountId: number }
  | { ok: false; code: 'AUTH_TOKEN_EXPIRED' | 'AUTH_TOKEN_INVALID' | 'AUTH_TOKEN_INVALID_FORMAT' };

const CHECKED_TOKENS = 1000;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** HS256 access tokens; the key lives in the database so tokens survive a restart. */
export class TokenService {
  private readonly key: KeyObject;
  /**
   * Tokens whose signature was checked already, with their expiry: a dashboard sends the same token with every
   * request, and the HMAC check (an async WebCrypto call) was a tenth of a list request's time. Oldest first.
   */
  private readonly checked = new Map<string, { accountId: number; exp: number }>();

  constructor(
    db: Db,
    private readonly ttlSeconds: number,
  ) {
    let secret = getSetting(db, 'jwt_secret');
    if (!secret) {
      secret = randomBytes(32).toString('base64');
      setSetting(db, 'jwt_secret', secret);
    }
    // A KeyObject, not bytes: jose imports raw bytes as a CryptoKey on every verify, but caches a KeyObject's.
    this.key = createSecretKey(Buffer.from(secret, 'base64'));
  }

  async issue(accountId: number): Promise<{ token: string; expiresAt: Date }> {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(accountId))
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .setJti(randomBytes(8).toString('hex'))
      .sign(this.key);
    return { token, expiresAt: new Date((now + this.ttlSeconds) * 1000) };
  }

  async verify(token: string): Promise<TokenCheck> {
    if (!JWT_SHAPE.test(token)) return { ok: false, code: 'AUTH_TOKEN_INVALID_FORMAT' };
    const known = this.checked.get(token);
    if (known) {
      // jose's own rule: expired once exp <= now, in whole seconds.
      if (known.exp > Math.floor(Date.now() / 1000)) return { ok: true, accountId: known.accountId };
      this.checked.delete(token);
      return { ok: false, code: 'AUTH_TOKEN_EXPIRED' };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (!Number.isInteger(id)) return { ok: false, code: 'AUTH_TOKEN_INVALID' };
      if (payload.exp !== undefined) {
        this.checked.set(token, { accountId: id, exp: payload.exp });
        if (this.checked.size > CHECKED_TOKENS) this.checked.delete(this.checked.keys().next().value!);
      }
      return { ok: true, accountId: id };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, code: 'AUTH_TOKEN_EXPIRED' };
      if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) {
        return { ok: false, code: 'AUTH_TOKEN_INVALID_FORMAT' };
      }
      return { ok: false, code: 'AUTH_TOKEN_INVALID' };
    }
  }
}
