import { DEMO, expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';

// A cold visit without a session draws a light sign-in screen and hands over to the app
// after sign-in (docs/decisions/bundle.md). A full reload would lose this marker.
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { imprintNoReload: true }));
const stillSamePage = (page: Page) => page.evaluate(() => (window as { imprintNoReload?: boolean }).imprintNoReload === true);

async function signIn(page: Page) {
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('sign-in on a cold visit', () => {
  test('a deep link asks for sign-in, then opens the page asked for without a reload', async ({ page }) => {
    await page.goto('/account?tab=keys');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Faccount%3Ftab%3Dkeys$/);
    await expect(page.getByRole('heading', { name: 'Sign in to your dashboard' })).toBeVisible();
    if (process.env.SCREENSHOTS) await page.screenshot({ path: 'docs/screenshots/sign-in-first-load.png' });
    await markPage(page);

    await signIn(page);
    await expect(page).toHaveURL(/\/account\?tab=keys$/);
    await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
    expect(await stillSamePage(page)).toBe(true);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: 'docs/screenshots/sign-in-handed-over.png' });

    // The router has taken over: in-app navigation works and Back does not return to the sign-in form.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage' }).click();
    await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/account\?tab=keys$/);
    expect(await stillSamePage(page)).toBe(true);
  });

  test('the fields are checked before sending, on the light screen as in the app', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Enter an e-mail address like name@example.com')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toBeFocused();
    // After a first try, each change is checked again at once.
    await page.getByLabel('E-mail').fill(DEMO.email);
    await expect(page.getByText('Enter an e-mail address like name@example.com')).toHaveCount(0);
    await expect(page.getByText('Enter your password')).toBeVisible();

    await page.getByRole('button', { name: 'API key' }).click();
    await page.getByLabel('API key').fill('  nope  ');
    await page.getByRole('button', { name: 'Sign in with API key' }).click();
    await expect(page.getByText('An API key starts with sk_ followed by letters and digits')).toBeVisible();
    await expect(page.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
  });

  test('signing in in another tab opens the app in this one', async ({ page, context }) => {
    await page.goto('/sign-in?next=%2Faccount');
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await markPage(page);

    const other = await context.newPage();
    const otherErrors: string[] = [];
    other.on('pageerror', (error) => otherErrors.push(error.message));
    await other.goto('/sign-in');
    await signIn(other);
    await expect(other).toHaveURL(/\/$/);

    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
    expect(await stillSamePage(page)).toBe(true);
    expect(otherErrors).toEqual([]);
  });
});
