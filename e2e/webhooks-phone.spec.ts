import type { Locator, Page } from '@playwright/test';
import { DEMO, expect as baseExpect, seedSession, test } from './support/fixtures';

// Cold lazy chunks on a loaded machine.
const expect = baseExpect.configure({ timeout: 30_000 });
const PHONE = { width: 375, height: 800 };

/** The page itself never scrolls sideways. */
async function expectNoSideways(page: Page) {
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Shown and inside the 375 px the phone has, so it is reachable without any sideways scroll. */
async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

// Read-only: the demo account is shared with other tests, so these only look (no Retry is pressed).
test.describe('webhook pages at 375 px', () => {
  test.use({ viewport: PHONE });

  test('the webhooks list shows every column of each webhook, State and Health included, without sideways scroll', async ({ page }) => {
    await seedSession(page, DEMO);
    await page.goto('/webhooks');
    const item = page.getByTestId('webhook-row').filter({ hasText: 'Shop backend' });
    await expectOnScreen(item.getByRole('link', { name: 'Shop backend' }));
    for (const label of ['URL', 'State', 'Last sent', 'Health']) await expectOnScreen(item.getByText(`${label}:`, { exact: true }));
    await expectOnScreen(item.getByText(/(Active|Paused)$/));
    await expectOnScreen(item.getByText(/delivered \(\d+ of \d+\)/));
    await expectNoSideways(page);
  });

  test('a webhook with 25 events: every column of the events, Retries, Event id and Retry included, is on screen', async ({ page }) => {
    test.slow();
    await seedSession(page, DEMO);
    await page.goto('/webhooks');
    await page.getByRole('main').getByRole('link', { name: 'Shop backend' }).click();
    await expect(page.getByRole('heading', { name: 'Shop backend' })).toBeVisible();
    const rows = page.getByTestId('event-row');
    await expect(rows).toHaveCount(20);
    await expectNoSideways(page);

    const first = rows.first();
    for (const label of ['Event type and order', 'Status', 'Retries', 'Last sent', 'Created', 'Event id']) await expectOnScreen(first.getByText(`${label}:`, { exact: true }));
    await expectOnScreen(first.getByRole('button', { name: 'Copy event id' }));
    // By the badge: hasText would also match an "order.antiAi.failed" event that was SENT.
    const failed = rows.filter({ has: page.locator('[data-status="FAILED"]') }).first();
    await expectOnScreen(failed.getByRole('button', { name: 'Retry' }));
    await expectOnScreen(failed.getByText(/^\d of 3$/));

    // Each card's attempts control is drawn as a button (a border, as Copy has), not as a plain label beside "Actions:".
    const attempts = first.getByRole('button', { name: 'Attempts' });
    await expectOnScreen(attempts);
    const border = await attempts.evaluate((el) => getComputedStyle(el).borderTopColor);
    expect(border).not.toBe('rgba(0, 0, 0, 0)');
    await attempts.click();
    await expect(first.getByRole('button', { name: 'Hide attempts' })).toHaveAttribute('aria-expanded', 'true');

    await page.getByLabel('Per page').selectOption('50');
    await expect(rows).toHaveCount(25);
    await expectNoSideways(page);
    await expectOnScreen(rows.last().getByRole('button', { name: 'Copy event id' }));
  });
});
