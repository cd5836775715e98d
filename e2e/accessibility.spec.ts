import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { apiPost, apiLogin, expect, seedSession, test, type Account } from './support/fixtures';

/** Waits until the page shows its content (heading present, no skeleton left), then lists serious and critical violations. */
async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  return (await seriousViolations(page)).map((v) => `${path} ${v}`);
}

async function signedInPages(account: Account): Promise<string[]> {
  const { token } = await apiLogin(account);
  const order = (await apiPost(token, '/orders/anti-ai', {
    idempotencyKey: randomUUID(),
    orderName: 'Accessibility check',
    files: [{ fileName: 'chelsea.png' }],
  })) as { orderId: string };
  const hook = (await apiPost(token, '/orders/webhooks', { name: 'Accessibility hook', url: 'https://example.com/hook' })) as { id: number };
  return [
    '/',
    '/orders',
    `/orders/${order.orderId}`,
    '/orders/new/anti-ai',
    '/orders/new/embed',
    '/orders/new/extract',
    // A batch this browser does not know: its designed empty state.
    '/orders/batches/unknown',
    '/usage',
    '/webhooks',
    `/webhooks/${hook.id}`,
    '/webhooks/signature-checker',
    '/webhooks/test-receiver',
    '/account',
  ];
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every page has no serious or critical axe violations (${colorScheme})`, async ({ page, newAccount }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme });
    // Signed out first: the seeded session applies only from the next navigation on.
    const found = await violations(page, '/sign-in');
    // The app's dark: styles follow the system setting; make sure the emulation took.
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(colorScheme === 'dark');

    const pages = await signedInPages(newAccount);
    await seedSession(page, newAccount);
    for (const path of pages) found.push(...(await violations(page, path)));
    expect(found).toEqual([]);
  });
}

test('a system set to reduce motion gets no colour fades, pulses or spins', async ({ page }) => {
  const durations = () =>
    page.getByRole('button', { name: 'Sign in' }).evaluate((el) => getComputedStyle(el).transitionDuration);
  await page.goto('/sign-in');
  expect(await durations()).not.toBe('0s');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await durations()).toBe('0s');
});
