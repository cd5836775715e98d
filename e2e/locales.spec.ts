import path from 'node:path';
import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { catalog, SCRIPT } from './support/catalog';
import { finishOrder } from './support/emulator-api';
import { DEMO, expect, seedSession, test } from './support/fixtures';
import { PHONE, ROUTES, openAtPhoneSize, overflowing, pageWidth } from './support/pages';
import { hookWithReceiver, waitForStatuses } from './support/webhook-receivers';

/*
 * A Korean or a Japanese customer, from sign-in to a failed delivery: the page follows the browser's language,
 * and every check reads the words from the same catalogs the build compiles (catalog(locale)('English words')).
 */
const BROWSER_LANGUAGE = { ko: 'ko-KR', ja: 'ja-JP' } as const;
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

async function expectAxeClean(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

for (const locale of ['ko', 'ja'] as const) {
  const t = catalog(locale);

  test.describe(`Imprint in ${locale}`, () => {
    test.use({ locale: BROWSER_LANGUAGE[locale] });

    test('sign-in follows the browser language and refuses a wrong password in it', async ({ page }) => {
      await page.goto('/sign-in');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('Sign in to your dashboard'));
      await expectAxeClean(page);

      await page.getByLabel(t('E-mail'), { exact: true }).fill(DEMO.email);
      await page.getByLabel(t('Password'), { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: t('Sign in'), exact: true }).click();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(t('The e-mail or password is wrong.'));
      await expect(alert).toContainText('AUTH_NOT_AUTHENTICATED');

      await page.getByLabel(t('Password'), { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: t('Sign in'), exact: true }).click();
      const nav = page.getByRole('navigation', { name: t('Main') });
      await expect(nav.getByRole('link', { name: t('Orders'), exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(SCRIPT[locale]);
      await expect(page.locator('.animate-pulse')).toHaveCount(0, { timeout: 30_000 });
      await expectAxeClean(page);
    });

    test('an order is made and finishes in the locale', async ({ page, newAccount }) => {
      await seedSession(page, newAccount);
      await page.goto('/orders/new/anti-ai');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.locator('input[type=file]').first().setInputFiles([fixture('chelsea.png')]);
      await expect(page.getByRole('list', { name: t('Chosen files') }).getByRole('listitem')).toHaveCount(1);
      await page.getByRole('button', { name: t('Create order') }).click();
      await expect(page).toHaveURL(/\/orders\/[^/]+$/, { timeout: 60_000 });
      await expect(page.getByRole('status', { name: t('Order status') })).toContainText(t('Complete'), { timeout: 60_000 });
      await expectAxeClean(page);
    });

    test("a failed delivery's diagnosis reads in the locale", async ({ page, newAccount }) => {
      // Four attempts with the 1/2/4 s back-off before FAILED, then axe on a long page.
      test.setTimeout(120_000);
      const { token, hook } = await hookWithReceiver(page, newAccount, 404, 0);
      await finishOrder(token);
      await waitForStatuses(token, hook.id, ['FAILED']);
      await page.goto(`/webhooks/${hook.id}`);

      const panel = page.getByRole('region', { name: t('Why deliveries fail') });
      const group = panel.getByTestId('failure-group');
      await expect(group).toHaveCount(1, { timeout: 30_000 });
      await expect(group).toContainText(SCRIPT[locale]);
      const row = page.getByTestId('event-row').first();
      await expect(row.getByTestId('event-cause')).toHaveText(SCRIPT[locale]);
      await expect(row.getByTestId('event-cause')).not.toContainText('Not found');

      await row.getByRole('button', { name: t('Attempts') }).click();
      const diagnosis = page.getByRole('group', { name: t('Diagnosis') });
      await expect(diagnosis).toContainText(SCRIPT[locale]);
      await expectAxeClean(page);
    });

    test('every page at 375 px: no sideways scroll in the locale', async ({ page }) => {
      test.setTimeout(240_000);
      const wide: string[] = [];
      for (const route of ROUTES) {
        await openAtPhoneSize(page, route);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        const width = await pageWidth(page);
        if (width > PHONE.width) wide.push(`${route.name}: ${width} px (${(await overflowing(page)).join('; ')})`);
      }
      expect(wide).toEqual([]);
    });

    test('a language chosen in the app is kept after a reload and followed by other tabs', async ({ page, context }) => {
      await seedSession(page, DEMO);
      await page.goto('/');
      const language = page.getByLabel(/^Language/);
      // Each language is named in itself; the layout test's pseudo-locale is never offered.
      await expect(language.locator('option')).toHaveText(['English', '한국어', '日本語']);

      const other = locale === 'ko' ? 'ja' : 'ko';
      const u = catalog(other);
      const otherTab = await context.newPage();
      await otherTab.goto('/');
      await expect(otherTab.locator('html')).toHaveAttribute('lang', locale);

      await language.selectOption(other);
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(page.getByRole('navigation', { name: u('Main') }).getByRole('link', { name: u('Orders'), exact: true })).toBeVisible();
      await expect(otherTab.locator('html')).toHaveAttribute('lang', other);
      await expect(otherTab.getByRole('navigation', { name: u('Main') }).getByRole('link', { name: u('Orders'), exact: true })).toBeVisible();

      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(page.getByRole('navigation', { name: u('Main') }).getByRole('link', { name: u('Usage'), exact: true })).toBeVisible();
    });
  });
}
