import { DEMO, expect, test } from './support/fixtures';

// The shell in Korean: the cold sign-in screen has only the first-load catalog, so every word it can show (field
// checks, refused sign-in, the API-key tab) must be there. A message missing from the loaded catalogs logs a console
// error in a built page, which the fixtures turn into a failure.
test.describe('the shell in Korean', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('imprint.locale', 'ko'));
  });

  test('the cold sign-in screen speaks Korean, down to its checks and errors', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: '대시보드에 로그인' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(page.getByText('name@example.com 형식의 이메일 주소를 입력하세요')).toBeVisible();
    await expect(page.getByText('비밀번호를 입력하세요')).toBeVisible();

    await page.getByLabel('이메일').fill(DEMO.email);
    await page.getByLabel('비밀번호', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('이메일 또는 비밀번호가 올바르지 않습니다.');
    await expect(alert).toContainText('AUTH_NOT_AUTHENTICATED');
    await page.screenshot({ path: 'test-results/i18n-shell-sign-in-ko.png', fullPage: true });

    await page.getByRole('button', { name: 'API 키', exact: true }).click();
    await expect(page.getByRole('button', { name: 'API 키로 로그인' })).toBeVisible();
  });

  test('signed in, the layout and the account page speak Korean, and English comes back on request', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/sign-in');
    await page.getByLabel('이메일').fill(DEMO.email);
    await page.getByLabel('비밀번호', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: '메뉴' }).click();
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    for (const name of ['홈', '주문', '새 주문', '사용량', '웹훅', '계정']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await nav.getByRole('link', { name: '계정' }).click();
    await expect(page.getByRole('heading', { name: '계정', level: 1 })).toBeVisible();
    await expect(page.getByText('Pro', { exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/i18n-shell-account-ko.png', fullPage: true });

    await page.getByRole('button', { name: '메뉴' }).click();
    await page.getByLabel('Language (언어)').selectOption('en');
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
