import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/api/client';
import { login } from './login';

const account = {
  user: { id: 1, email: 'demo@example.com', apiKey: 'sk_demo12345678', migrationKey: 'mk' },
  contract: { planType: 'pro', planStartDate: '2026-01-01', planEndDate: null, currentUsage: 3, usageLimit: 100 },
};

function answer(body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { accessToken: 'a.b.c' } }));
}

// The interface leaves the login body unwrapped; the emulator once wrapped it, and a service might: both must sign in.
describe('login', () => {
  beforeEach(() => configureApiClient({ baseUrl: 'http://svc', getToken: () => null, onSessionEnded: vi.fn() }));
  afterEach(() => vi.unstubAllGlobals());

  it('reads an unwrapped { user, contract } body', async () => {
    vi.stubGlobal('fetch', answer(account));
    await expect(login({ email: 'demo@example.com', password: 'x' })).resolves.toEqual({ account, token: 'a.b.c' });
  });

  it('still reads a body wrapped in { data }', async () => {
    vi.stubGlobal('fetch', answer({ data: account }));
    await expect(login({ email: 'demo@example.com', password: 'x' })).resolves.toEqual({ account, token: 'a.b.c' });
  });
});
