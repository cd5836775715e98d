import { Hono } from 'hono';
import { newAccountRequest, type EmulatorInfo } from '../../src/api/schemas/emulator';
import type { AppEnv, EmulatorContext } from '../context';
import { createAccount, findAccountByEmail } from '../domain/accounts';
import { HttpError } from '../http/http-error';
import { methodNotAllowed } from '../http/method-not-allowed';
import { jsonBody } from '../http/validate';
import { DAY_MS as DAY } from '../../src/lib/time';


export const EMULATOR_VERSION = '0.1.0';

/** /_emulator (info, accounts): tells the dashboard it talks to the emulator. No sign-in: they hold no account data. */
export function emulatorRoutes(ctx: EmulatorContext) {
  return new Hono<AppEnv>()
    .get('/info', (c) => {
      const info: EmulatorInfo = {
        emulator: true,
        version: EMULATOR_VERSION,
        uploadUrlTtlSeconds: ctx.config.uploadUrlTtlSeconds,
        tokenTtlSeconds: ctx.config.tokenTtlSeconds,
        publicUrl: ctx.publicUrl,
      };
      return c.json({ data: info });
    })
    .all(methodNotAllowed('GET'))

    .post('/accounts', jsonBody(newAccountRequest), (c) => {
      const body = c.req.valid('json');
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
    })
    .all(methodNotAllowed('POST'));
}
