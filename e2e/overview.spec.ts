import { readFileSync } from 'node:fs';
import { apiPost, apiLogin, createAccount, DEMO, expect, seedSession, test } from './support/fixtures';
import { expectRechartsInPlaceholderBox, rechartsYTicks, watchChartBoxes } from './support/charts';
import { getData, putFile } from './support/emulator-api';
import type { Page } from '@playwright/test';

/**
 * Opens a page and waits until its data has arrived. Page loads on the shared test machine have taken over
 * 20 s (load average above 20), so the wait for the page itself is generous; what is checked after it keeps
 * the usual time limits.
 */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('meter', { name: 'Files processed this plan' }).first()).toBeAttached({ timeout: 45_000 });
}

test('the overview shows plan usage, the latest order with a link, the webhook count and quick actions', async ({ page, newAccount }) => {
  const { token } = await apiLogin(newAccount);
  await apiPost(token, '/orders/webhooks', { name: 'Main server', url: 'https://hooks.example.com/imprint' });
  await apiPost(token, '/orders/anti-ai', { idempotencyKey: 'overview-older-1', orderName: 'Older order', files: [{ fileName: 'a.png' }] });
  const latest = await apiPost(token, '/orders/anti-ai', {
    idempotencyKey: 'overview-latest-1',
    orderName: 'Newest order',
    files: [{ fileName: 'b.png' }],
  });

  await seedSession(page, newAccount);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();

  const orders = page.getByRole('region', { name: 'Latest orders' });
  const links = orders.getByRole('link', { name: /order$/ });
  await expect(links).toHaveText(['Newest order', 'Older order']);
  await expect(orders.getByText('Waiting for files').first()).toBeVisible();

  const webhooks = page.getByRole('region', { name: 'Webhooks' });
  await expect(webhooks.getByText('1 webhook', { exact: true })).toBeVisible();
  await expect(webhooks.getByRole('link', { name: 'Manage webhooks' })).toBeVisible();

  await expect(page.getByRole('region', { name: 'Your plan' }).getByRole('meter')).toBeVisible();
  for (const action of ['Protect images from AI', 'Embed a watermark', 'Extract a watermark']) {
    await expect(page.getByRole('link', { name: action })).toBeVisible();
  }

  await links.first().click();
  await expect(page).toHaveURL(`/orders/${String(latest.orderId)}`);
  await expect(page.getByRole('heading', { name: 'Newest order' })).toBeVisible();
});

test('one primary action: a single filled button among the order actions', async ({ page, newAccount }) => {
  await seedSession(page, newAccount);
  await open(page, '/');
  const backgrounds = await Promise.all(
    ['Protect images from AI', 'Embed a watermark', 'Extract a watermark'].map((name) =>
      page.getByRole('link', { name }).evaluate((element) => getComputedStyle(element).backgroundColor),
    ),
  );
  expect(new Set(backgrounds).size).toBe(2);
  expect(backgrounds[1]).toBe(backgrounds[2]);
});

test('the plan meter moves after an order finishes, without signing in again', async ({ page }) => {
  // A page load, an upload and processing on a machine shared by several test runs.
  test.setTimeout(180_000);
  const account = await createAccount({ usageLimit: 100 });
  const { token } = await seedSession(page, account);
  const created = await apiPost<{ orderId: string; orderName: string; files: { uploadUrl: string }[] }>(token, '/orders/wtr-embed', {
    idempotencyKey: `e2e-meter-${Date.now()}`,
    files: [{ fileName: 'coins.png', watermarks: [{ text: 'meter' }] }],
  });

  await open(page, '/');
  const plan = page.getByRole('region', { name: 'Your plan' });
  await expect(plan.getByRole('meter', { name: 'Files processed this plan' })).toHaveJSProperty('value', 0);
  await expect(plan.getByTestId('plan-usage-source')).toContainText('no order has finished since, by your orders list');

  // The user follows the order on its page while its file is uploaded and processed.
  await page.getByRole('region', { name: 'Latest orders' }).getByRole('link', { name: created.orderName }).click();
  await expect(page.getByRole('heading', { name: created.orderName })).toBeVisible();
  await putFile(created.files[0]!.uploadUrl, readFileSync(new URL('./fixtures/coins.png', import.meta.url)), 'image/png');
  await expect(page.getByRole('status', { name: 'Order status' })).toContainText('Complete', { timeout: 60_000 });

  // Back on the overview, in the same page (no reload, no new sign-in): the meter counts the order's file.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
  await expect(plan.getByRole('meter', { name: 'Files processed this plan' })).toHaveJSProperty('value', 1);
  await expect(plan.getByText('1 of 100 (1%)')).toBeVisible();
  await expect(plan.getByTestId('plan-usage-source')).toContainText('plus 1 file of 1 order finished since, counted from your orders list');
  await expect(page.getByTestId('week-usage-total')).toContainText('1 file in the last 7 days, 1 file today');
  await expect(page.getByTestId('month-usage-total')).toContainText('1 file in');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage' }).click();
  await expect(page.getByRole('meter', { name: 'Files processed this plan' })).toHaveJSProperty('value', 1);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('meter', { name: 'Files processed this plan' })).toHaveJSProperty('value', 1);
});

test('the demo account’s figures agree across overview, usage and account', async ({ page }) => {
  const { token, body } = await seedSession(page, DEMO);
  const get = <T>(path: string) => getData<T>(token, `/api/v2${path}`);
  // This UTC month's usage from the statistics, a week at a time.
  const now = new Date();
  const monthStart = `${now.toISOString().slice(0, 8)}01`;
  let monthFromStats = 0;
  let weekFromStats = 0;
  for (let end = now.toISOString().slice(0, 10), week = 0; end >= monthStart; week++) {
    const stats = await get<{ dailyStats: { usageDate: string; usageCount: number }[] }>(`/orders/stats/recent?date=${end}`);
    stats.dailyStats.forEach((day, i) => {
      const ymd = new Date(Date.parse(`${end}T00:00:00Z`) - (6 - i) * 86_400_000).toISOString().slice(0, 10);
      if (ymd >= monthStart) monthFromStats += day.usageCount;
      if (week === 0) weekFromStats += day.usageCount;
    });
    end = new Date(Date.parse(`${end}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
  }
  const files = (n: number) => `${n.toLocaleString('en-US')} file${n === 1 ? '' : 's'}`;

  await open(page, '/');
  await expect(page.getByTestId('month-usage-total')).toContainText(`${files(monthFromStats)} in`);
  await expect(page.getByTestId('week-usage-total')).toContainText(`${files(weekFromStats)} in the last 7 days`);
  const used = body.contract.currentUsage;
  await expect(page.getByRole('meter', { name: 'Files processed this plan' })).toHaveJSProperty('value', used);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage' }).click();
  await expect(page.getByText(`${files(weekFromStats)} processed in these 7 days.`)).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Files processed this plan' })).toHaveJSProperty('value', used);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('meter', { name: 'Files processed this plan' })).toHaveJSProperty('value', used);
});

test('the 7-day chart: recharts draws seven bars with the API’s ticks where the first paint’s drawing was, and a table toggle', async ({ page }) => {
  const { token } = await seedSession(page, DEMO);
  await watchChartBoxes(page);
  await open(page, '/');
  const api = await getData<{ dailyStats: { usageDate: string; usageCount: number }[]; domain: number[]; ticks: number[] }>(token, '/api/v2/orders/stats/recent');
  const chart = page.getByTestId('usage-chart');
  await expectRechartsInPlaceholderBox(page, chart, 'usage-chart');
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(7);
  expect(await rechartsYTicks(chart)).toEqual(api.ticks);
  await expect(chart.locator('.recharts-label-list text')).toHaveText(api.dailyStats.map((d) => d.usageCount.toLocaleString('en-US')));

  const card = page.getByRole('region', { name: 'Files processed, last 7 days' });
  await card.getByRole('button', { name: 'Show as table' }).click();
  const rows = card.getByRole('table', { name: /Files processed per day/ }).locator('tbody tr');
  await expect(rows).toHaveCount(7);
  await expect(rows.locator('td:last-child')).toHaveText(api.dailyStats.map((d) => d.usageCount.toLocaleString('en-US')));
  await card.getByRole('button', { name: 'Show as chart' }).click();
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(7);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  for (const path of ['/', '/usage', '/usage?view=table', '/account']) {
    test(`${path} has no sideways scroll with the demo data`, async ({ page }) => {
      await seedSession(page, DEMO);
      await open(page, path.replace('?view=table', ''));
      if (path.includes('usage')) await expect(page.getByTestId('usage-chart')).toBeVisible();
      if (path.endsWith('view=table')) await page.getByRole('button', { name: 'Show as table' }).click();
      if (path === '/') await expect(page.getByTestId('month-usage-total')).toBeVisible();
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
    });
  }

  test('usage’s week buttons and the table toggle each stay on one line', async ({ page }) => {
    await seedSession(page, DEMO);
    await open(page, '/usage');
    for (const name of [/Previous week/, /Next week/, /Show as table/]) {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      // One line of text in a small button is under 40 px tall; a wrapped label doubles it.
      expect(box.height, String(name)).toBeLessThan(40);
    }
  });
});
