import { apiLogin, createAccount, DEMO, expect, seedSession, test } from './support/fixtures';
import { shortTtlUrl, SHORT_TTL_STACK } from './support/stacks';

test.describe('signing in', () => {
  test('the demo account signs in with e-mail and password and finds its plan', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByLabel('E-mail').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(DEMO.email)).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
    await expect(page.getByText('Pro', { exact: true })).toBeVisible();
  });

  test('a wrong password is refused in plain words, with the code', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('E-mail').fill(DEMO.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The e-mail or password is wrong.');
    await expect(alert).toContainText('AUTH_NOT_AUTHENTICATED');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('the form checks the fields before sending anything', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/v2/auth/login')) loginCalls++;
    });
    await page.goto('/sign-in');
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Enter an e-mail address like name@example.com')).toBeVisible();
    await expect(page.getByText('Enter your password')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(loginCalls).toBe(0);
  });

  test('an API key is checked with one read, then accepted', async ({ page }) => {
    const { body } = await apiLogin(DEMO);
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'API key' }).click();
    await page.getByLabel('API key').fill('sk_thisKeyDoesNotExist123');
    await page.getByRole('button', { name: 'Sign in with API key' }).click();
    await expect(page.getByRole('alert')).toContainText('This API key was not accepted.');
    await expect(page.getByRole('alert')).toContainText('AUTH_TOKEN_INVALID');

    await page.getByLabel('API key').fill(body.user.apiKey);
    await page.getByRole('button', { name: 'Sign in with API key' }).click();
    await expect(page.getByText('Signed in with an API key', { exact: true })).toBeVisible();
    await page.goto('/account');
    await expect(page.getByText('You signed in with an API key.')).toBeVisible();
  });
});

test.describe('session', () => {
  test('after expiry the user signs in again and returns to the same page', async ({ page }) => {
    await page.goto(`${shortTtlUrl}/sign-in?next=${encodeURIComponent('/account?tab=keys')}`);
    await page.getByLabel('E-mail').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`${shortTtlUrl}/account?tab=keys`);
    await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();

    // The token lives a few seconds on this stack: the page itself notices and says why.
    await expect(page.getByText('Your session expired.')).toBeVisible({ timeout: (SHORT_TTL_STACK.tokenTtlSeconds + 5) * 1000 });
    await expect(page).toHaveURL(/\/sign-in\?next=/);
    await page.getByLabel('E-mail').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`${shortTtlUrl}/account?tab=keys`);
  });

  test('signing out in one tab signs out the others', async ({ page, context }) => {
    await seedSession(page, DEMO);
    await page.goto('/account');
    const other = await context.newPage();
    await other.goto('/account');
    await expect(other.getByRole('heading', { name: 'Account' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('You have signed out.')).toBeVisible();
    await expect(other).toHaveURL(/\/sign-in\?next=%2Faccount/);
    await expect(other.getByText('You were signed out in another tab.')).toBeVisible();
  });
});

test('the account page shows the account, plan, usage and masked keys', async ({ page }) => {
  const account = await createAccount({ planType: 'free', usageLimit: 100 });
  const { body } = await seedSession(page, account);
  await page.goto('/account');
  await expect(page.getByText(account.email).first()).toBeVisible();
  await expect(page.getByText(String(body.user.id), { exact: true })).toBeVisible();
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await expect(page.getByText('No end date')).toBeVisible();
  await expect(page.getByText('0 of 100 (0%)')).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Files processed this plan' })).toHaveJSProperty('value', 0);

  await expect(page.getByText(body.user.apiKey)).toHaveCount(0);
  await page.getByRole('button', { name: 'Reveal API key' }).click();
  await expect(page.getByText(body.user.apiKey)).toBeVisible();
  await page.getByRole('button', { name: 'Hide API key' }).click();
  await expect(page.getByText(body.user.apiKey)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reveal Migration key' })).toBeVisible();
});
