import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginResult } from '@/api/schemas/auth';
import { connectToService, recordRequests, serviceCall } from '@/testing/service';
import { fakeService, okAnswer } from '@/testing/service-fake';
import { login } from './auth';

const account = {
  user: { id: 1, email: 'demo@example.com', apiKey: 'sk_demo12345678', migrationKey: 'mk' },
  contract: { planType: 'pro', planStartDate: '2026-01-01', planEndDate: null, currentUsage: 3, usageLimit: 100 },
};

// The interface leaves the login body unwrapped; the emulator once wrapped it, and a service might: both must sign in.
describe('login', () => {
  beforeEach(() => connectToService());
  afterEach(() => vi.unstubAllGlobals());

  it('reads an unwrapped { user, contract } body', async () => {
    const email = `login-${Math.random().toString(36).slice(2, 10)}@example.com`;
    await serviceCall('POST', '/_emulator/accounts', { email, password: 'password-unit' });
    // Keeps a copy of the emulator's answer, to compare with what login() made of it.
    let sent: Response | undefined;
    recordRequests((answer) => (sent = answer));
    const result = await login({ email, password: 'password-unit' });
    const body: unknown = await sent!.json();
    expect(body).toMatchObject({ user: { email } });
    expect(result).toEqual({ account: body, token: sent!.headers.get('accessToken') });
  });

  // The emulator no longer wraps it, so this one answer is faked: the login body in the { data } envelope every other endpoint uses.
  it('still reads a body wrapped in { data }', async () => {
    fakeService(() => okAnswer(loginResult, account, { accessToken: 'a.b.c' }));
    await expect(login({ email: 'demo@example.com', password: 'x' })).resolves.toEqual({ account, token: 'a.b.c' });
  });
});
