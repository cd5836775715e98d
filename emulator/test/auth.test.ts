import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { loginResult } from '../../src/api/schemas/auth';
import { DEMO_ACCOUNT, SECOND_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';

let emu: TestEmulator;
beforeAll(async () => {
  // The demo account as a new user meets it: with its history, so its plan shows use.
  emu = await startTestEmulator({ seed: 'demo' });
  await emu.demoHistory;
}, 60_000);
afterAll(async () => {
  await emu.close();
});

describe('POST /api/v2/auth/login', () => {
  it('returns the token in the accessToken header and the account in the body', async () => {
    const res = await emu.request('POST', '/api/v2/auth/login', { body: DEMO_ACCOUNT });
    expect(res.status).toBe(200);
    const token = res.headers.get('accesstoken');
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.headers.get('access-control-expose-headers')).toContain('accessToken');
    expect(res.body.data).toBeUndefined();
    const body = loginResult.parse(res.body);
    expect(Object.keys(res.body).sort()).toEqual(['contract', 'user']);
    expect(body.user.email).toBe(DEMO_ACCOUNT.email);
    expect(body.user.apiKey).toMatch(/^sk_/);
    expect(body.contract.planType).toBe('pro');
    expect(body.contract.currentUsage).toBeGreaterThan(0);
    expect(body.contract.currentUsage).toBeLessThan(body.contract.usageLimit);
  });

  it('gives the token a two-hour lifetime by default', async () => {
    const res = await emu.request('POST', '/api/v2/auth/login', { body: DEMO_ACCOUNT });
    const payload = JSON.parse(Buffer.from(res.headers.get('accesstoken')!.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(7200);
  });

  it('answers a wrong password and an unknown e-mail alike with 401', async () => {
    const wrong = await emu.request('POST', '/api/v2/auth/login', { body: { ...DEMO_ACCOUNT, password: 'nope' } });
    const unknown = await emu.request('POST', '/api/v2/auth/login', { body: { email: 'who@example.com', password: 'x' } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('AUTH_NOT_AUTHENTICATED');
      expect(res.headers.get('accesstoken')).toBeNull();
    }
  });

  it('names the offending fields of a bad body', async () => {
    const res = await emu.request('POST', '/api/v2/auth/login', { body: { email: 'not-an-email', password: 5 } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'password']);
  });

  it('answers malformed JSON, a wrong content type and a wrong method with 4xx codes', async () => {
    const malformed = await emu.request('POST', '/api/v2/auth/login', { body: '{"email":' });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const text = await emu.request('POST', '/api/v2/auth/login', { body: 'x', headers: { 'Content-Type': 'text/plain' } });
    expect([text.status, text.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const get = await emu.request('GET', '/api/v2/auth/login');
    expect([get.status, get.body.code]).toEqual([405, 'METHOD_NOT_ALLOWED']);
    expect(get.headers.get('allow')).toContain('POST');
  });
});

describe('authentication of other routes', () => {
  const probe = '/api/v2/no-such-route';

  it('answers a missing header with AUTH_NOT_AUTHENTICATED', async () => {
    const res = await emu.request('GET', probe);
    expect([res.status, res.body.code]).toEqual([401, 'AUTH_NOT_AUTHENTICATED']);
  });

  it('answers a malformed header or token with AUTH_TOKEN_INVALID_FORMAT', async () => {
    const basic = await emu.request('GET', probe, { headers: { Authorization: 'Basic abc' } });
    expect([basic.status, basic.body.code]).toEqual([401, 'AUTH_TOKEN_INVALID_FORMAT']);
    const garbage = await emu.request('GET', probe, { token: 'garbage' });
    expect([garbage.status, garbage.body.code]).toEqual([401, 'AUTH_TOKEN_INVALID_FORMAT']);
  });

  it('answers a token signed with another key, or an unknown API key, with AUTH_TOKEN_INVALID', async () => {
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-key-another-key-another-key'));
    const res = await emu.request('GET', probe, { token: forged });
    expect([res.status, res.body.code]).toEqual([401, 'AUTH_TOKEN_INVALID']);
    const key = await emu.request('GET', probe, { token: 'sk_notARealKeyAtAll123' });
    expect([key.status, key.body.code]).toEqual([401, 'AUTH_TOKEN_INVALID']);
  });

  it('answers an expired token with AUTH_TOKEN_EXPIRED', async () => {
    const short = await startTestEmulator({ tokenTtlSeconds: 1 });
    try {
      const token = await short.login();
      await new Promise((r) => setTimeout(r, 2100));
      const res = await short.request('GET', probe, { token });
      expect([res.status, res.body.code]).toEqual([401, 'AUTH_TOKEN_EXPIRED']);
    } finally {
      await short.close();
    }
  });

  it('accepts a valid token and the account API key, then answers an unknown route with 404', async () => {
    const token = await emu.login();
    const res = await emu.request('GET', probe, { token });
    expect([res.status, res.body.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    const login = await emu.request('POST', '/api/v2/auth/login', { body: DEMO_ACCOUNT });
    const byKey = await emu.request('GET', probe, { token: login.body.user.apiKey });
    expect(byKey.status).toBe(404);
  });

  it('keeps tokens valid across a restart (the signing key is stored)', async () => {
    const own = await startTestEmulator();
    const token = await own.login(SECOND_ACCOUNT);
    const again = await own.restart();
    try {
      const res = await again.request('GET', probe, { token });
      expect(res.status).toBe(404);
    } finally {
      await again.close();
    }
  });
});

describe('rate limits', () => {
  it('answers 429 RATE_LIMIT_EXCEEDED past the plan limit per minute, per account', async () => {
    const limited = await startTestEmulator({ rateLimits: { free: 5, pro: 8, enterprise: 1000 } });
    try {
      const free = await limited.login(SECOND_ACCOUNT);
      const pro = await limited.login(DEMO_ACCOUNT);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await limited.request('GET', '/api/v2/x', { token: free })).status);
      expect(statuses.slice(0, 5).every((s) => s === 404)).toBe(true);
      const over = await limited.request('GET', '/api/v2/x', { token: free });
      expect([over.status, over.body.code]).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      // The other account has its own budget.
      expect((await limited.request('GET', '/api/v2/x', { token: pro })).status).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
