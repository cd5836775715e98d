import { DEMO, expect as baseExpect, seedSession, test } from './support/fixtures';

// Four cold pages in one journey, each a lazy chunk: allow for a loaded machine.
const expect = baseExpect.configure({ timeout: 30_000 });

// Read-only: other tests share the demo account, so this one only looks.
test.describe('the demo account, as a new user first meets it', () => {
  test('has orders of every kind and a webhook with deliveries, not "No orders yet"', async ({ page }) => {
    test.slow();
    await seedSession(page, DEMO);
    await page.goto('/orders');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Homepage banners' })).toBeVisible();
    await expect(main.getByText('No orders yet')).toHaveCount(0);

    await main.getByRole('link', { name: 'Check: reposted street photo' }).click();
    await expect(page.getByRole('heading', { name: 'Check: reposted street photo' })).toBeVisible();
    await expect(page.getByRole('main').getByText('© Demo Studio 2026').first()).toBeVisible();

    await page.goto('/webhooks');
    await page.getByRole('main').getByRole('link', { name: 'Shop backend' }).click();
    await expect(page.getByRole('heading', { name: 'Shop backend' })).toBeVisible();
    // Both outcomes on the first page of the events table.
    for (const status of ['SENT', 'FAILED']) {
      const badge = page.getByRole('main').getByRole('row').locator(`[data-status="${status}"]`).first();
      await expect(badge).toBeVisible();
      await expect(badge).toContainText(status);
    }
  });
});
