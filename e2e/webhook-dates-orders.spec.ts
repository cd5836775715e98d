import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { call } from './support/emulator-api';
import { hookWithReceiver } from './support/webhook-receivers';

/**
 * Issue 25, points 2, 3, 6 and 8 on the webhook page, in Asia/Seoul and in UTC: one date rule for every range (local
 * days, 00:00 of the first to 24:00 of the last), one re-send tool, the retries figure the API gives, the health card
 * without "≥ 0", and the order each delivery names in the table and both exports.
 */
interface Listed {
  id: number;
  eventId: string;
  status: string;
  retries: number;
  createdAt: string;
}

/** Yesterday in the page's time zone, its 00:32 and the 23:30 of the day before it, as ISO instants. */
function yesterdayInPage(page: Page) {
  return page.evaluate(() => {
    const now = new Date();
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      ymd: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`,
      at0032: new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, 32).toISOString(),
      eveBefore: new Date(day.getFullYear(), day.getMonth(), day.getDate() - 1, 23, 30).toISOString(),
    };
  });
}

const events = async (token: string, hookId: number) => (await call<{ events: Listed[] }>(token, 'GET', `/api/v2/orders/webhooks/${hookId}/events?limit=100`)).events;

for (const timezoneId of ['Asia/Seoul', 'UTC']) {
  test.describe(`webhook dates, re-sends and orders in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('the three FAILED deliveries of 12:32 AM are found by that day alone: exported, then re-sent with one confirmation', async ({ page, newAccount }) => {
      test.setTimeout(120_000);
      const { token, receiver, hook } = await hookWithReceiver(page, newAccount, 200, 0);
      await page.goto('/');
      const { ymd, at0032, eveBefore } = await yesterdayInPage(page);
      await call(token, 'POST', `/_emulator/webhooks/${hook.id}/test-events`, { status: 'FAILED', createdAt: [eveBefore, at0032, at0032, at0032] });

      await page.goto(`/webhooks/${hook.id}`);
      await expect(page.locator('[data-testid="event-row"] [data-status="FAILED"]').first()).toBeVisible({ timeout: 30_000 });
      const offset = timezoneId === 'UTC' ? 'UTC' : 'UTC+9';
      const rule = `Dates are in your time zone (${timezoneId}, ${offset}), from the start of the first day to the end of the last.`;

      // Export: the same rule, said beside the fields.
      await page.getByText('Export delivery events').click();
      const exporter = page.locator('details', { has: page.getByText('Export delivery events') });
      await expect(exporter.getByTestId('date-range-hint')).toHaveText(rule);
      await exporter.getByLabel('From').fill(ymd);
      await exporter.getByLabel('To').fill(ymd);
      const [download] = await Promise.all([page.waitForEvent('download'), exporter.getByRole('button', { name: 'Export JSON' }).click()]);
      const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as Listed[];
      expect(exported.map((e) => e.createdAt)).toEqual([at0032, at0032, at0032]);

      // One re-send tool (the 7-day "Retry failed deliveries" form is gone), the same rule beside its fields.
      await expect(page.getByText('Retry failed deliveries of up to 7 days')).toHaveCount(0);
      await expect(page.getByText('Re-send all failed deliveries since')).toHaveCount(0);
      await page.locator('summary', { hasText: 'Re-send failed deliveries' }).click();
      const tool = page.getByRole('region', { name: 'Re-send failed deliveries' });
      await expect(tool.getByTestId('date-range-hint')).toHaveText(rule);
      await tool.getByLabel('From').fill(ymd);
      await tool.getByLabel('To').fill(ymd);
      await tool.getByRole('button', { name: 'Re-send failed…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Re-send failed deliveries?' });
      await expect(dialog).toContainText('(your time zone) is sent again to the receiver');
      await dialog.getByRole('button', { name: 'Re-send failed deliveries' }).click();
      await expect(tool.getByText('Done: all 3 failed deliveries re-sent and delivered.')).toBeVisible({ timeout: 60_000 });

      // Only the three of that day reached the receiver; the one of the evening before still fails.
      const after = await events(token, hook.id);
      expect(after.filter((e) => e.status === 'FAILED').map((e) => e.createdAt)).toEqual([eveBefore]);
      const received = await call<{ requests: unknown[] }>(token, 'GET', `/_emulator/receivers/${receiver}/requests`);
      expect(received.requests).toHaveLength(3);

      // Error words start with a capital letter: an end before the start.
      await tool.getByLabel('From').fill(ymd);
      await tool.getByLabel('To').fill(eveBefore.slice(0, 10) < ymd ? eveBefore.slice(0, 10) : '2000-01-01');
      await tool.getByRole('button', { name: 'Re-send failed…' }).click();
      await expect(tool.getByText('The start must not be after the end.')).toBeVisible();
    });

    test('each delivery names its order, linked, in the table, the CSV and the JSON', async ({ page, newAccount }) => {
      test.setTimeout(90_000);
      const { token, hook } = await hookWithReceiver(page, newAccount, 200, 0);
      const at = new Date(Date.now() - 60_000).toISOString();
      await call(token, 'POST', `/_emulator/webhooks/${hook.id}/test-events`, { status: 'SENT', createdAt: [at] });
      const [listed] = await events(token, hook.id);
      const orders = await call<{ orders: { orderId: string; orderName: string }[] }>(token, 'GET', `/_emulator/webhooks/${hook.id}/event-orders?ids=${listed!.id}`);
      const { orderId, orderName } = orders.orders[0]!;

      await page.goto(`/webhooks/${hook.id}`);
      // The first visit loads the page's chunks; on a busy machine that can take longer than the default 10 s.
      await expect(page.getByTestId('event-row').first()).toBeVisible({ timeout: 30_000 });
      const cell = page.getByTestId('event-row').first().getByTestId('event-order');
      await expect(cell.getByRole('link', { name: orderName })).toHaveAttribute('href', `/orders/${orderId}`, { timeout: 20_000 });
      await expect(cell.locator('code')).toHaveText(orderId);

      await page.getByText('Export delivery events').click();
      const exporter = page.locator('details', { has: page.getByText('Export delivery events') });
      const [csvDownload] = await Promise.all([page.waitForEvent('download'), exporter.getByRole('button', { name: 'Export CSV' }).click()]);
      const csv = (await readFile((await csvDownload.path())!, 'utf8')).slice(1).split('\r\n');
      expect(csv[0]).toBe('Record id,Event id,Event type,Order id,Order name,Status,Retries,Last sent,Created');
      expect(csv[1]!.split(',').slice(0, 5)).toEqual([String(listed!.id), listed!.eventId, 'order.antiAi.completed', orderId, orderName]);
      const [jsonDownload] = await Promise.all([page.waitForEvent('download'), exporter.getByRole('button', { name: 'Export JSON' }).click()]);
      const json = JSON.parse(await readFile((await jsonDownload.path())!, 'utf8')) as { orderId: string; orderName: string }[];
      expect(json[0]).toMatchObject({ orderId, orderName });
    });

    test('retries: the table shows the API\'s figure and what it counts; the health card says what its 24-hour count covers', async ({ page, newAccount }) => {
      test.setTimeout(90_000);
      const { token, hook } = await hookWithReceiver(page, newAccount, 500, 0);
      // 110 SENT deliveries within the hour (the health window is the newest 100), and one FAILED after them.
      const now = Date.now();
      await call(token, 'POST', `/_emulator/webhooks/${hook.id}/test-events`, { status: 'SENT', createdAt: Array.from({ length: 110 }, (_, i) => new Date(now - 3_600_000 + i * 1000).toISOString()) });
      await call(token, 'POST', `/_emulator/webhooks/${hook.id}/test-events`, { status: 'FAILED', createdAt: [new Date(now - 60_000).toISOString()] });
      const failed = (await events(token, hook.id))[0]!;
      // Three re-sends by hand to a receiver still down: the service now counts 6 retries.
      for (let i = 0; i < 3; i++) await call(token, 'POST', `/api/v2/orders/webhooks/${hook.id}/events/${failed.id}/retry`);
      expect((await events(token, hook.id))[0]!.retries).toBe(6);

      await page.goto(`/webhooks/${hook.id}`);
      await expect(page.getByTestId('event-row').first()).toContainText('6 (3 automatic, 3 re-sent)', { timeout: 30_000 });
      await expect(page.getByTestId('event-row').nth(1)).toContainText('0 of 3');

      const card = page.getByRole('region', { name: 'Health' });
      await expect(card.getByTestId('day-not-covered')).toHaveText(
        'among the newest 100 deliveries, all made in the last 24 hours; older ones of the day were not read',
      );
      await expect(card).not.toContainText('≥');
    });
  });
}

for (const timezoneId of ['Asia/Seoul', 'UTC']) {
  test.describe(`find a delivery by a shortened id in ${timezoneId}`, () => {
    test.use({ timezoneId });
    test('the shortened event id of the table asks for the full id', async ({ page, newAccount }) => {
      const { token, hook } = await hookWithReceiver(page, newAccount, 200, 0);
      await call(token, 'POST', `/_emulator/webhooks/${hook.id}/test-events`, { status: 'SENT', createdAt: [new Date(Date.now() - 60_000).toISOString()] });
      const [listed] = await events(token, hook.id);
      await page.goto(`/webhooks/${hook.id}`);
      await expect(page.getByTestId('event-row').first()).toBeVisible({ timeout: 30_000 });
      const finder = page.getByRole('region', { name: 'Find a delivery' });
      const shortened = await page.getByTestId('event-row').first().locator('code[title]').textContent();
      expect(shortened).toBe(`${listed!.eventId.slice(0, 8)}…`);
      await finder.getByLabel('Event id or order id').fill(shortened!);
      await finder.getByRole('button', { name: 'Find' }).click();
      await expect(finder.getByText(/is an event id shortened for the table\. The full event id is needed/)).toBeVisible();
      await expect(finder.getByText(/No order with the id/)).toHaveCount(0);
    });
  });
}
