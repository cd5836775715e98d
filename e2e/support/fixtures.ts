import { test as base, expect, type Page } from '@playwright/test';
import type { LoginResult } from '../../src/api/schemas/auth';
import { apiCall, createAccount as createEmulatorAccount, DEMO, SECOND, SESSION_STORAGE_KEY, signIn, type Account } from '../../scripts/stack/signed-in';
import { mainEmulatorUrl } from './stacks';

export { DEMO, SECOND, type Account };
export type LoginBody = LoginResult;

/** Signs in through the API (not the UI) and returns the token and body, for seeding sessions quickly. */
export async function apiLogin(account: Account, emulatorUrl = mainEmulatorUrl): Promise<{ token: string; body: LoginBody }> {
  const { token, body } = await signIn(emulatorUrl, account);
  return { token, body };
}

/** POSTs JSON to the emulator's API (path after /api/v2) as the token's account and returns `data`; any non-2xx throws with the body. */
export function apiPost<T = Record<string, unknown>>(token: string, path: string, body: unknown, emulatorUrl = mainEmulatorUrl): Promise<T> {
  return apiCall<T>(emulatorUrl, token, 'POST', `/api/v2${path}`, body);
}

/** Puts a signed-in session into the page's storage before any script of the app runs. */
export async function seedSession(page: Page, account: Account, emulatorUrl = mainEmulatorUrl) {
  const { token, body, storedSession } = await signIn(emulatorUrl, account);
  await seedStoredSession(page, storedSession);
  return { token, body };
}

/** A stored session (session-store's `encodeSession`) in the page's storage, once per tab, before the app runs. */
export async function seedStoredSession(page: Page, storedSession: string) {
  await page.addInitScript(
    ([key, value]) => {
      if (!window.sessionStorage.getItem('e2e-seeded')) {
        window.localStorage.setItem(key, value);
        window.sessionStorage.setItem('e2e-seeded', '1');
      }
    },
    [SESSION_STORAGE_KEY, storedSession] as const,
  );
}

export function createAccount(overrides: Partial<{ planType: string; usageLimit: number }> = {}, emulatorUrl = mainEmulatorUrl): Promise<Account> {
  return createEmulatorAccount(emulatorUrl, overrides, 'e2e');
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
