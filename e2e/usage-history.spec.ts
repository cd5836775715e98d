import { allOrders, getData } from './support/emulator-api';
import { DEMO, expect, seedSession, test } from './support/fixtures';
import type { Locator } from '@playwright/test';

interface ApiOrder {
  type: 'antiAi' | 'watermarkEmbed' | 'watermarkExtract';
  channel: 'web' | 'api';
  status: string;
  fileCount: number;
  completedAt: string | null;
}

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The 3-month preset's first day: the same day three months back, plus one (month ends clamped). */
function threeMonthsFrom(today: Date): string {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() - 3;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return dayOf(Date.UTC(y, m, Math.min(today.getUTCDate(), last)) + DAY);
}

/**
 * What the history should show, worked out here on its own: files of orders that finished without failing, on the
 * UTC day of completedAt, in ISO weeks (Monday) cut at the range's start; only weeks with files.
 */
function expectedWeeks(orders: ApiOrder[], from: string, channel: 'all' | 'api') {
  const weeks = new Map<string, [number, number, number, number]>();
  for (const order of orders) {
    if (!order.completedAt || order.status === 'failed' || (channel !== 'all' && order.channel !== channel)) continue;
    const ms = Date.parse(order.completedAt);
    const day = dayOf(ms);
    if (day < from) continue;
    const monday = dayOf(Date.parse(`${day}T00:00:00Z`) - ((new Date(ms).getUTCDay() + 6) % 7) * DAY);
    const key = monday < from ? from : monday;
    const row = weeks.get(key) ?? [0, 0, 0, 0];
    row[['antiAi', 'watermarkEmbed', 'watermarkExtract'].indexOf(order.type)]! += order.fileCount;
    row[3] += order.fileCount;
    weeks.set(key, row);
  }
  return [...weeks.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([week, files]) => ({ week, files }));
}

/** The table's rows with files: the week's first day (its <time dateTime>) and anti-AI, embed, extract, total. */
async function tableWeeks(table: Locator) {
  const rows = table.locator('tbody tr');
  const weeks = await rows.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!));
  const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => Number(td.textContent!.replace(/\D/g, '')))));
  return weeks.map((week, i) => ({ week, files: cells[i]! })).filter((row) => row.files[3]! > 0);
}

test.describe('usage history', () => {
  test('3 months by week agree with the demo account’s orders, and the API channel changes the figures', async ({ page }) => {
    const { token } = await seedSession(page, DEMO);
    await page.goto('/usage');
    const history = page.getByRole('region', { name: 'Usage history' });
    // The history reads the orders once its card is in view.
    await history.scrollIntoViewIfNeeded();
    await expect(history.getByText('Derived from your orders')).toBeVisible();
    await history.getByLabel('Period', { exact: true }).selectOption('3m');
    await history.getByLabel('Group by', { exact: true }).selectOption('week');
    await expect(page).toHaveURL(/range=3m/);
    await expect(history.getByTestId('usage-history-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();

    await history.getByRole('button', { name: 'Show history as table' }).click();
    const table = history.getByRole('table', { name: 'Files processed per period and order kind' });
    await expect(table).toBeVisible();
    // 3 months are 13 or 14 weeks: the first cut at the range's start.
    expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(13);

    const { orders } = await allOrders<ApiOrder>(token);
    const from = threeMonthsFrom(new Date());
    const all = expectedWeeks(orders, from, 'all');
    // The demo history spans about 5 weeks with both channels and every kind.
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(await tableWeeks(table)).toEqual(all);

    await history.getByLabel('Channel', { exact: true }).selectOption('api');
    await expect(page).toHaveURL(/channel=api/);
    const api = expectedWeeks(orders, from, 'api');
    expect(api).not.toEqual(all);
    await expect.poll(() => tableWeeks(table)).toEqual(api);
    const apiTotal = api.reduce((sum, row) => sum + row.files[3]!, 0);
    await expect(history.getByTestId('history-total')).toContainText(`${apiTotal} file`);

    // The choices live in the URL: a reload shows the same table.
    await page.reload();
    await history.scrollIntoViewIfNeeded();
    await history.getByRole('button', { name: 'Show history as table' }).click();
    await expect.poll(() => tableWeeks(table)).toEqual(api);
  });

  test('on a phone, the 30 days’ labels stay on at most two lines, apart, and above the legend, in both drawings', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await seedSession(page, DEMO);
    await page.goto('/usage');
    const history = page.getByRole('region', { name: 'Usage history' });
    await history.scrollIntoViewIfNeeded();
    const chart = history.getByTestId('usage-history-chart');
    const check = async (drawing: 'placeholder' | 'recharts') => {
      await expect(chart.locator(`[data-chart="${drawing}"]`)).toBeVisible();
      const labels = await chart.locator('[data-axis="x"]').evaluateAll((nodes) =>
        nodes.map((node) => {
          const { left, right, top, bottom } = node.getBoundingClientRect();
          return { text: node.textContent, left, right, top, bottom };
        }),
      );
      const legendTop = await chart.locator('ul').first().evaluate((ul) => ul.getBoundingClientRect().top);
      expect(labels.length, drawing).toBeGreaterThanOrEqual(5);
      expect(labels.length, drawing).toBeLessThanOrEqual(7);
      for (const [i, label] of labels.entries()) {
        // 11 px text: two lines are under 32 px; a label wrapped letter by letter was 5 lines high.
        expect(label.bottom - label.top, `${drawing}: ${label.text}`).toBeLessThan(32);
        expect(label.bottom, `${drawing}: ${label.text} above the legend`).toBeLessThanOrEqual(legendTop + 1);
        if (i > 0) expect(label.left, `${drawing}: ${label.text} apart from the one before`).toBeGreaterThanOrEqual(labels[i - 1]!.right);
      }
    };
    await check('placeholder');
    // The pointer over the chart asks for recharts at once (its tooltips are recharts').
    await chart.hover();
    await check('recharts');
  });

  test('its last 7 days by day equal the service’s usage statistics', async ({ page }) => {
    const { token } = await seedSession(page, DEMO);
    await page.goto('/usage');
    const history = page.getByRole('region', { name: 'Usage history' });
    // The history reads the orders once its card is in view.
    await history.scrollIntoViewIfNeeded();
    await history.getByRole('button', { name: 'Show history as table' }).click();
    const table = history.getByRole('table', { name: 'Files processed per period and order kind' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(30);
    const stats = (await getData<{ dailyStats: { usageCount: number }[] }>(token, '/api/v2/orders/stats/recent')).dailyStats.map((d) => d.usageCount);
    const totals = await rows.evaluateAll((trs) => trs.slice(-7).map((tr) => Number(tr.querySelector('td:last-child')!.textContent!.replace(/\D/g, ''))));
    expect(totals).toEqual(stats);
  });

  test('an account without orders sees the empty state, and a range over 12 months is refused', async ({ page, newAccount }) => {
    await seedSession(page, newAccount);
    await page.goto('/usage');
    const history = page.getByRole('region', { name: 'Usage history' });
    // The history reads the orders once its card is in view.
    await history.scrollIntoViewIfNeeded();
    await expect(history.getByText('No files processed in this period')).toBeVisible();
    await history.getByLabel('Period', { exact: true }).selectOption('custom');
    const to = new Date().toISOString().slice(0, 10);
    await history.getByLabel('To (UTC)').fill(to);
    await history.getByLabel('From (UTC)').fill(`${Number(to.slice(0, 4)) - 2}${to.slice(4)}`);
    await expect(history.getByText(/Choose at most 12 months/)).toBeVisible();
  });
});
