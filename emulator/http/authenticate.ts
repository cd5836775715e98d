import type { MiddlewareHandler } from 'hono';
import type { AppEnv, EmulatorContext } from '../context';
import { findAccountByApiKey, findAccountById } from '../domain/accounts';
import { fail } from './http-error';

/** Bearer access token (JWT) or the account's API key (sk_...). */
export function authenticate(ctx: EmulatorContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) fail('AUTH_NOT_AUTHENTICATED', 'The Authorization header is missing');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) fail('AUTH_TOKEN_INVALID_FORMAT', 'The Authorization header must be "Bearer <token>"');
    const credential = match[1]!;

    if (credential.startsWith('sk_')) {
      const account = findAccountByApiKey(ctx.db, credential);
      if (!account) fail('AUTH_TOKEN_INVALID', 'The API key is not known');
      c.set('account', account);
      c.set('channel', 'api');
      return next();
    }
    const check = await ctx.tokens.verify(credential);
    if (!check.ok) fail(check.code);
    const account = findAccountById(ctx.db, check.accountId);
    if (!account) fail('AUTH_TOKEN_INVALID', 'The token names no account');
    c.set('account', account);
    c.set('channel', 'web');
    return next();
  };
}
