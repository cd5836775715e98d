import { expect, test } from './support/fixtures';
import { call } from './support/emulator-api';
import { hookWithReceiver } from './support/webhook-receivers';

/**
 * "Re-send all failed deliveries since <date>": a receiver that was down for more than two weeks left more failures
 * than one retry-failed call (7 days, 50 events) takes. The FAILED events are made at past times by the emulator's
 * test-only route (docs/decisions/webhooks.md), then the receiver comes back and one action re-sends them all.
 */
const DAY = 86_400_000;

interface EventRow {
  status: string;
}

for (const timezoneId of ['Asia/Seoul', 'UTC']) test.describe(`re-send failed deliveries in ${timezoneId}`, () => {
  test.use({ timezoneId });

  test('failures over more than 7 days are all re-sent in one action, with progress and a summary; the list shows them SENT', async ({ page, newAccount }) => {
    test.setTimeout(120_000);
    const { token, receiver, hook } = await hookWithReceiver(page, newAccount, 500, 0);
    const now = Date.now();
    const at = (daysAgo: number, n: number) => Array.from({ length: n }, (_, i) => new Date(now - daysAgo * DAY - (i + 1) * 60_000).toISOString());
    // 60 sixteen days ago (two calls in one window), 5 nine days ago, 3 yesterday: 68 over three windows.
    await call(token, 'POST', `/_emulator/webhooks/${hook.id}/test-events`, { createdAt: [...at(16, 60), ...at(9, 5), ...at(1, 3)] });
    // The receiver is back, a little slow, so the walk takes long enough to watch.
    await call(token, 'PUT', `/_emulator/receivers/${receiver}/config`, { status: 200, delayMs: 400 });

    await page.goto(`/webhooks/${hook.id}`);
    const section = page.getByRole('region', { name: 'Re-send failed deliveries' });
    // The first visit loads the page's chunks; on a busy machine that can take longer than the default 10 s.
    await expect(page.locator('[data-testid="event-row"] [data-status="FAILED"]').first()).toBeVisible({ timeout: 30_000 });
    // The tool is folded like the page's other bulk tools: one click opens it.
    await page.locator('summary', { hasText: 'Re-send failed deliveries' }).click();
    const since = await page.evaluate(() => {
      const d = new Date(Date.now() - 20 * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await section.getByLabel('From').fill(since);
    await section.getByRole('button', { name: 'Re-send failed…' }).click();

    // One confirmation, in the app's date rule: the instants of the local days, said in the user's time zone.
    const dialog = page.getByRole('dialog', { name: 'Re-send failed deliveries?' });
    await expect(dialog).toContainText(/Every delivery that failed between .+ and .+ \(your time zone\) is sent again to the receiver/);
    await dialog.getByRole('button', { name: 'Re-send failed deliveries' }).click();
    await expect(dialog).toBeHidden();

    const progress = section.getByRole('progressbar', { name: 'Re-sending progress' });
    await expect(progress).toBeVisible();
    await expect(section.getByRole('status').filter({ hasText: /Windows \d of \d done|re-sent one by one/ })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Stop' })).toBeVisible();

    await expect(section.getByText('Done: all 68 failed deliveries re-sent and delivered.')).toBeVisible({ timeout: 60_000 });
    await expect(progress).toBeHidden();

    // The list was refreshed by the end of the walk: no FAILED row is left, the newest rows are SENT.
    const rows = page.getByTestId('event-row');
    await expect(rows.locator('[data-status="FAILED"]')).toHaveCount(0);
    await expect(rows.first().locator('[data-status="SENT"]')).toBeVisible();
    const events = await call<{ events: EventRow[] }>(token, 'GET', `/api/v2/orders/webhooks/${hook.id}/events?limit=100`);
    expect(events.events.map((e) => e.status)).toEqual(Array(68).fill('SENT'));

    // The control and its summary fit a phone.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(section.getByText('Done: all 68 failed deliveries re-sent and delivered.')).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('a receiver still down: the windows whose 50 fail again are left, said so, and the summary links to what still fails', async ({ page, newAccount }) => {
    test.setTimeout(120_000);
    const { token, hook } = await hookWithReceiver(page, newAccount, 500, 0);
    const now = Date.now();
    const at = (daysAgo: number, n: number) => Array.from({ length: n }, (_, i) => new Date(now - daysAgo * DAY - (i + 1) * 60_000).toISOString());
    await call(token, 'POST', `/_emulator/webhooks/${hook.id}/test-events`, { createdAt: [...at(2, 55)] });

    await page.goto(`/webhooks/${hook.id}`);
    const section = page.getByRole('region', { name: 'Re-send failed deliveries' });
    // The default day is the webhook's first (it is younger than 30 days): the events made "two days ago" are older,
    // so this day is typed, and the hint says why an earlier day than the webhook's would only walk empty weeks.
    // The first visit loads the page's chunks; on a busy machine that can take longer than the default 10 s.
    await expect(page.locator('[data-testid="event-row"] [data-status="FAILED"]').first()).toBeVisible({ timeout: 30_000 });
    // The tool is folded like the page's other bulk tools: one click opens it.
    await page.locator('summary', { hasText: 'Re-send failed deliveries' }).click();
    await expect(section.getByText(/This webhook was created on/)).toBeVisible({ timeout: 20_000 });
    const since = await page.evaluate(() => {
      const d = new Date(Date.now() - 5 * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await section.getByLabel('From').fill(since);
    await section.getByRole('button', { name: 'Re-send failed…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Re-send failed deliveries' }).click();

    await expect(section.getByText(/^Done: 1 window out of 1 walked\.$/)).toBeVisible({ timeout: 60_000 });
    await expect(section.getByText('50 re-sent, 0 delivered, 50 failed again')).toBeVisible();
    await expect(section.getByText(/50 deliveries in a row failed again, so the walk moved on/)).toBeVisible();
    await section.getByRole('link', { name: 'Show the deliveries that still fail' }).click();
    await expect(page).toHaveURL(/status=FAILED/);
  });
});
