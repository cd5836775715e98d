import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { mainEmulatorUrl } from './stacks';

export interface Account {
  email: string;
  password: string;
}
export const DEMO: Account = { email: 'demo@example.com', password: 'demo1234' };
export const SECOND: Account = { email: 'second@example.com', password: 'second1234' };

export interface LoginBody {
  user: { id: number; email: string; apiKey: string; migrationKey: string };
  contract: { planType: string; planStartDate: string; planEndDate: string | null; currentUsage: number; usageLimit: number };
}

/** Signs in through the API (not the UI) and returns the token and body, for seeding sessions quickly. */
export async function apiLogin(account: Account, emulatorUrl = mainEmulatorUrl): Promise<{ token: string; body: LoginBody }> {
  const res = await fetch(`${emulatorUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  // The login body is unwrapped (docs/interface-decisions.md); a wrapped one is still read, as the dashboard does.
  const json = (await res.json()) as LoginBody | { data: LoginBody };
  return { token: res.headers.get('accesstoken')!, body: 'data' in json ? json.data : json };
}

/** POSTs JSON to the emulator's API (path after /api/v2) as the token's account and returns `data`; any non-2xx throws with the body. */
export async function apiPost<T = Record<string, unknown>>(token: string, path: string, body: unknown, emulatorUrl = mainEmulatorUrl): Promise<T> {
  const res = await fetch(`${emulatorUrl}/api/v2${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** Puts a signed-in session into the page's storage before any script of the app runs. */
export async function seedSession(page: Page, account: Account, emulatorUrl = mainEmulatorUrl) {
  const { token, body } = await apiLogin(account, emulatorUrl);
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
  const session = { token, expiresAt: payload.exp * 1000, method: 'password', signedInAt: Date.now(), account: body };
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('e2e-seeded')) {
      window.localStorage.setItem('imprint.session', value);
      window.sessionStorage.setItem('e2e-seeded', '1');
    }
  }, JSON.stringify(session));
  return { token, body };
}

export async function createAccount(overrides: Partial<{ planType: string; usageLimit: number }> = {}, emulatorUrl = mainEmulatorUrl): Promise<Account> {
  const account = { email: `e2e-${randomUUID().slice(0, 8)}@example.com`, password: 'password-e2e' };
  const res = await fetch(`${emulatorUrl}/_emulator/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, ...overrides }),
  });
  if (!res.ok) throw new Error(`account creation failed: ${res.status} ${await res.text()}`);
  return account;
}

/** Console noise the browser makes on its own for expected non-2xx answers. */
const EXPECTED_CONSOLE = [/Failed to load resource/];

export const test = base.extend<{ newAccount: Account; consoleErrors: string[] }>({
  /** A fresh account of its own, so a test never sees another test's orders or webhooks. */
  newAccount: async ({}, use) => {
    await use(await createAccount());
  },
  // Every test fails on a console error or uncaught page error it did not expect.
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if ((message.type() === 'error' || message.type() === 'warning') && !EXPECTED_CONSOLE.some((re) => re.test(message.text()))) {
          errors.push(`${message.type()}: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
