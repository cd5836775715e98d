import { DEMO, expect, seedSession, test } from './support/fixtures';

// What a phone on a slow line sees before the code arrives, and what the line carries (docs/decisions/bundle.md).
test.describe('a first visit on a slow line', () => {
  test('the brand is drawn from the HTML while the code downloads, and the page replaces it', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold back every script, as a slow line would: the HTML and its stylesheet alone are on screen.
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/sign-in', { waitUntil: 'commit' });
    const splash = page.getByText('Imprint', { exact: true });
    await expect(splash).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to your dashboard' })).toHaveCount(0);

    release();
    await expect(page.getByRole('heading', { name: 'Sign in to your dashboard' })).toBeVisible();
    // One brand on the sign-in screen: the placeholder is gone, not left under the page.
    await expect(page.getByText('Imprint', { exact: true })).toHaveCount(1);
    await expect(page.locator('#root [aria-hidden="true"] > .animate-splash')).toHaveCount(0);
  });

  test('the code arrives Brotli-compressed, as the build wrote it, in a handful of files', async ({ page }) => {
    await seedSession(page, DEMO);
    const scripts: { url: string; encoding: string | undefined }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
    });
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.encoding !== 'br')).toEqual([]);
    // The shared app code is one file (vite.config.ts, `app-kit`): 48 files before it, about 25 since.
    expect(scripts.length).toBeLessThanOrEqual(30);
  });
});
