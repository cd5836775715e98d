import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { RATE_LIMITS_PER_MINUTE } from '../../src/api/limits';
import { HttpError } from './http-error';

/** Fixed one-minute windows per account, with the per-plan limits of the interface notes. */
export function rateLimit(limits: Record<string, number>): MiddlewareHandler<AppEnv> {
  const windows = new Map<number, { start: number; count: number }>();
  return async (c, next) => {
    const account = c.get('account');
    const limit = limits[account.planType] ?? limits.free ?? RATE_LIMITS_PER_MINUTE.free;
    const now = Date.now();
    let window = windows.get(account.id);
    if (!window || now - window.start >= 60_000) {
      window = { start: now, count: 0 };
      windows.set(account.id, window);
    }
    window.count++;
    const resetSeconds = Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000));
    c.header('X-RateLimit-Limit', String(limit));
    c.header('X-RateLimit-Remaining', String(Math.max(0, limit - window.count)));
    if (window.count > limit) {
      throw new HttpError(429, 'RATE_LIMIT_EXCEEDED', `More than ${limit} requests a minute on the ${account.planType} plan`, undefined, {
        'Retry-After': String(resetSeconds),
      });
    }
    return next();
  };
}
