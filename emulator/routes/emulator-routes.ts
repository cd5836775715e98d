import type { Hono } from 'hono';
import { z } from 'zod';
import { loginRequest } from '../../src/api/schemas/auth';
import type { EmulatorInfo } from '../../src/api/schemas/emulator';
import type { AppEnv, EmulatorContext } from '../context';
import { createAccount, findAccountByEmail } from '../domain/accounts';
import { HttpError } from '../http/http-error';
import { route } from '../http/routing';
import { readJson } from '../http/validate';

/** Emulator-only: fresh accounts for tests and demos, so they never share state. */
const newAccountRequest = z.object({
  ...loginRequest.shape,
  planType: z.enum(['free', 'pro', 'enterprise']).default('pro'),
  usageLimit: z.number().int().min(0).max(10_000_000).default(5000),
});

const DAY = 86_400_000;

export const EMULATOR_VERSION = '0.1.0';

/** The emulator's own namespace: tells the dashboard it talks to the emulator. No auth: it holds no account data. */
export function registerEmulatorRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  route(app, '/_emulator/info', {
    GET: (c) => {
      const info: EmulatorInfo = {
        emulator: true,
        version: EMULATOR_VERSION,
        uploadUrlTtlSeconds: ctx.config.uploadUrlTtlSeconds,
        tokenTtlSeconds: ctx.config.tokenTtlSeconds,
        publicUrl: ctx.publicUrl,
      };
      return c.json({ data: info });
    },
  });

  route(app, '/_emulator/accounts', {
    POST: async (c) => {
      const body = await readJson(c, newAccountRequest);
      if (findAccountByEmail(ctx.db, body.email)) {
        throw new HttpError(400, 'VALIDATION_FAILED', 'An account with this e-mail exists', [{ path: 'email', message: 'is taken' }]);
      }
      const now = Date.now();
      const account = createAccount(ctx.db, {
        email: body.email,
        password: body.password,
        planType: body.planType,
        planStart: new Date(now - DAY),
        planEnd: body.planType === 'free' ? null : new Date(now + 365 * DAY),
        usageLimit: body.usageLimit,
      });
      return c.json({ data: { id: account.id, email: account.email } });
    },
  });
}
