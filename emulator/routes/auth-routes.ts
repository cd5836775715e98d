import { Hono } from 'hono';
import { ACCESS_TOKEN_HEADER, loginRequest } from '../../src/api/schemas/auth';
import type { AppEnv, EmulatorContext } from '../context';
import { contractOf, findAccountByEmail } from '../domain/accounts';
import { hashPassword, verifyPassword } from '../domain/passwords';
import { fail } from '../http/http-error';
import { methodNotAllowed } from '../http/method-not-allowed';
import { jsonBody } from '../http/validate';

/** /auth: signing in. Mounted before the API's sign-in guard: it is how a token is had. */
export function authRoutes(ctx: EmulatorContext) {
  // Verified against for unknown e-mails too, so timing does not tell which e-mails exist.
  const dummyHash = hashPassword('not-a-real-password');

  return new Hono<AppEnv>()
    .post('/login', jsonBody(loginRequest), async (c) => {
      const body = c.req.valid('json');
      const account = findAccountByEmail(ctx.db, body.email);
      const ok = verifyPassword(body.password, account?.passwordHash ?? dummyHash);
      if (!account || !ok) fail('AUTH_NOT_AUTHENTICATED', 'The e-mail or password is wrong');
      const { token } = await ctx.tokens.issue(account.id);
      c.header(ACCESS_TOKEN_HEADER, token);
      c.header('Cache-Control', 'no-store');
      // Unwrapped: the interface wraps only order and webhook answers in { data }; the login body carries user and contract.
      return c.json({
        user: { id: account.id, email: account.email, apiKey: account.apiKey, migrationKey: account.migrationKey },
        contract: contractOf(ctx.db, account),
      });
    })
    .all(methodNotAllowed('POST'));
}
