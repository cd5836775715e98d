import { readFileSync } from 'node:fs';
import { apiLogin, createAccount, DEMO, expect, seedSession, test } from './support/fixtures';
import { expectRechartsInPlaceholderBox, rechartsYTicks, watchChartBoxes } from './support/charts';
import { callResponse, download, orderStatus, putFile } from './support/emulator-api';
import type { Page } from '@playwright/test';

interface Stats {
  dailyStats: { usageDate: string; usageCount: number }[];
  domain: number[];
  ticks: number[];
}

async function fetchStats(token: string, date?: string): Promise<Stats> {
  const res = await callResponse<Stats>(token, 'GET', `/api/v2/orders/stats/recent${date ? `?date=${date}` : ''}`);
  expect(res.status).toBe(200);
  return res.data;
}

const axisTexts = (page: Page, axis: 'x' | 'y') => page.getByTestId('usage-chart').locator(`[data-axis="${axis}"]`).allTextContents();
const digits = (text: string) => Number(text.replace(/\D/g, ''));
const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const mmdd = (ymd: string) => `${ymd.slice(5, 7)}.${ymd.slice(8, 10)}`;

async function tableRows(page: Page) {
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(7);
  // The day is shown as a date in the user's locale; its <time dateTime> carries the day the API's MM.DD stands for.
  const days = await rows.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!));
  const counts = await rows.locator('td:last-child').allInnerTexts();
  return days.map((day, i) => ({ usageDate: mmdd(day), usageCount: digits(counts[i]!) }));
}

/** The API's `MM.DD` days as the chart's axis shows them: dates in the browser's locale (en-US here). */
const axisLabels = (stats: Stats, end: string) =>
  stats.dailyStats.map((_, i) =>
    new Date(Date.parse(`${end}T00:00:00Z`) - (6 - i) * 86_400_000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  );

test.describe('usage page', () => {
  test('recharts draws seven bars with the API’s ticks, in the box the first paint’s drawing took', async ({ page }) => {
    const { token } = await seedSession(page, DEMO);
    await watchChartBoxes(page);
    await page.goto('/usage');
    const chart = page.getByTestId('usage-chart');
    const api = await fetchStats(token);
    await expectRechartsInPlaceholderBox(page, chart, 'usage-chart');
    await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(7);
    expect(await rechartsYTicks(chart)).toEqual(api.ticks);
    // Each bar as tall as its count on the service's scale.
    const plot = await chart.locator('.recharts-cartesian-grid').boundingBox();
    const heights = await chart.locator('.recharts-bar-rectangle').evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect().height));
    const [low, high] = api.domain as [number, number];
    // recharts rounds a bar to whole pixels.
    heights.forEach((height, i) => expect(Math.abs(height - ((Math.min(api.dailyStats[i]!.usageCount, high) - low) / (high - low)) * plot!.height)).toBeLessThanOrEqual(1));
    // Every number on screen without a hover, and each day in words for a screen reader.
    await expect(chart.locator('.recharts-label-list text')).toHaveText(api.dailyStats.map((d) => d.usageCount.toLocaleString('en-US')));
    await expect(chart.getByRole('listitem')).toHaveText(api.dailyStats.map((d) => new RegExp(`: ${d.usageCount.toLocaleString('en-US')} files?$`)));
    expect(api.dailyStats.map((d) => d.usageDate)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => mmdd(utcDay(-n))));
    await expect.poll(() => axisTexts(page, 'x')).toEqual(axisLabels(api, utcDay()));
    // A tooltip names the day and its count.
    await chart.locator('.recharts-bar-rectangle').nth(6).hover();
    await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText(`${api.dailyStats[6]!.usageCount.toLocaleString('en-US')} file`);
    await expect(page.getByText(/you would reach the limit around|will not reach the limit|no files were processed in the last 7 days/i)).toBeVisible();
    await expect(page.getByText(/Usage as of sign-in/)).toBeVisible();
  });

  test('the table toggle shows the same numbers as the API, in a captioned table', async ({ page }) => {
    const { token } = await seedSession(page, DEMO);
    await page.goto('/usage');
    await page.getByRole('button', { name: 'Show as table' }).click();
    const table = page.getByRole('table', { name: /Files processed per day/ });
    await expect(table).toBeVisible();
    expect(await tableRows(page)).toEqual((await fetchStats(token)).dailyStats);
    await page.getByRole('button', { name: 'Show as chart' }).click();
    await expect(page.getByTestId('usage-chart')).toBeVisible();
  });

  test('moving the reference date changes the window and survives a reload', async ({ page }) => {
    const { token } = await seedSession(page, DEMO);
    await page.goto('/usage');
    await expect(page.getByTestId('usage-chart')).toBeVisible();
    const reference = utcDay(-10);
    await page.getByLabel('Week ending (UTC)').fill(reference);
    await expect(page).toHaveURL(new RegExp(`[?&]date=${reference}`));
    await expect.poll(() => axisTexts(page, 'x')).toEqual(axisLabels(await fetchStats(token, reference), reference));
    await page.reload();
    await expect(page.getByLabel('Week ending (UTC)')).toHaveValue(reference);
    await expect.poll(() => axisTexts(page, 'x')).toEqual(axisLabels(await fetchStats(token, reference), reference));

    await page.getByRole('button', { name: /Previous week/ }).click();
    const earlier = utcDay(-17);
    await expect(page).toHaveURL(new RegExp(`[?&]date=${earlier}`));
    await expect.poll(async () => (await axisTexts(page, 'x')).at(-1)).toBe(axisLabels(await fetchStats(token, earlier), earlier).at(-1));
    // No future: the picker's max is today and "Next week" stops there.
    await expect(page.getByLabel('Week ending (UTC)')).toHaveAttribute('max', utcDay());
  });

  test('a new order raises today’s count after a reload', async ({ page }) => {
    const account = await createAccount();
    const { token } = await seedSession(page, account);
    await page.goto('/usage');
    await expect(page.getByText('No files were processed in these 7 days.')).toBeVisible();
    await expect(page.getByText(/No files were processed in the last 7 days/)).toBeVisible();

    const created = await callResponse<{ orderId: string; files: { uploadUrl: string }[] }>(token, 'POST', '/api/v2/orders/wtr-embed', {
      idempotencyKey: `e2e-usage-${Date.now()}`,
      files: [{ fileName: 'coins.png', watermarks: [{ text: 'e2e' }] }],
    });
    expect(created.status, created.text).toBe(200);
    const order = created.data;
    await putFile(order.files[0]!.uploadUrl, readFileSync(new URL('./fixtures/coins.png', import.meta.url)), 'image/png');
    await expect.poll(() => orderStatus(token, order.orderId), { timeout: 20_000 }).toBe('complete');

    await page.reload();
    await page.getByRole('button', { name: 'Show as table' }).click();
    const rows = await tableRows(page);
    expect(rows.at(-1)).toEqual({ usageDate: mmdd(utcDay()), usageCount: 1 });
    expect(rows.slice(0, 6).every((row) => row.usageCount === 0)).toBe(true);
  });
});

test.describe('recharts is loaded only where a chart is drawn, after the first paint', () => {
  async function loadedScripts(page: Page, path: string): Promise<string[]> {
    const urls = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' || response.url().endsWith('.js')) urls.add(response.url());
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    return [...urls];
  }
  const containsRecharts = async (urls: string[]) => {
    for (const url of urls) if (new TextDecoder().decode(await download(url)).includes('recharts-')) return true;
    return false;
  };

  test('the sign-in page downloads no recharts code', async ({ page }) => {
    const scripts = await loadedScripts(page, '/sign-in');
    await expect(page.getByLabel('E-mail')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(await containsRecharts(scripts)).toBe(false);
  });

  test('the orders list downloads no recharts code; the overview fetches it for its chart, after the first paint', async ({ page }) => {
    const { body } = await apiLogin(DEMO);
    expect(body.user.email).toBe(DEMO.email);
    await seedSession(page, DEMO);
    const orders = await loadedScripts(page, '/orders');
    expect(await containsRecharts(orders)).toBe(false);
    const scriptsSoFar = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('.js')));
    // The overview draws its 7-day chart in HTML first, then with recharts, loaded once the page has settled.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByTestId('usage-chart').locator('[data-chart="recharts"] .recharts-bar-rectangle')).toHaveCount(7, { timeout: 20_000 });
    expect(await containsRecharts(await scriptsSoFar())).toBe(true);
  });
});
