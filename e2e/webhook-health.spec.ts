import { randomUUID } from 'node:crypto';
import { seriousViolations } from './support/axe';
import { expect, seedSession, test } from './support/fixtures';
import { call, finishOrder } from './support/emulator-api';
import { mainEmulatorUrl } from './support/stacks';

const SCREENSHOTS = process.env.SCREENSHOTS === '1';



/** A webhook pointing at a fresh emulator test receiver that answers `status`. */
async function hookWithReceiver(token: string, name: string, status: number) {
  const receiver = `health-${randomUUID().slice(0, 8)}`;
  await call(token, 'PUT', `/_emulator/receivers/${receiver}/config`, { status, delayMs: 0 });
  const hook = await call<{ id: number; secret: string }>(token, 'POST', '/api/v2/orders/webhooks', { name, url: `${mainEmulatorUrl}/_emulator/receivers/${receiver}` });
  return { receiver, hook };
}

interface EventRow {
  id: number;
  status: string;
}

/** Waits until the webhook's newest event has finished with `status` (a failing one takes its ~7 s of retries). */
async function settled(token: string, webhookId: number, status: 'SENT' | 'FAILED'): Promise<EventRow> {
  let event: EventRow | undefined;
  await expect
    .poll(
      async () => {
        event = (await call<{ events: EventRow[] }>(token, 'GET', `/api/v2/orders/webhooks/${webhookId}/events?limit=1`)).events[0];
        return event?.status;
      },
      { timeout: 90_000 },
    )
    .toBe(status);
  return event!;
}

test.describe('webhook health', () => {
  test('a webhook whose receiver answers 500 is flagged "Failing" on the list and detail pages; a healthy one shows 100 %', async ({ page, newAccount }) => {
    test.setTimeout(150_000);
    const { token } = await seedSession(page, newAccount);
    const failing = await hookWithReceiver(token, 'Failing hook', 500);
    const healthy = await hookWithReceiver(token, 'Healthy hook', 200);

    await page.goto('/webhooks');
    const failingRow = page.getByRole('row', { name: /Failing hook/ });
    const healthyRow = page.getByRole('row', { name: /Healthy hook/ });
    await expect(failingRow).toContainText('No deliveries yet');
    await expect(healthyRow).toContainText('No deliveries yet');

    await finishOrder(token);
    await settled(token, healthy.hook.id, 'SENT');
    await settled(token, failing.hook.id, 'FAILED');

    await page.reload();
    await expect(failingRow).toContainText('Failing');
    await expect(failingRow).toContainText('0 % delivered (0 of 1)');
    await expect(failingRow).toContainText('1 failed in 24 h');
    // The emulator's attempts give latency: 4 attempts (first + 3 retries) of the failing delivery.
    await expect(failingRow).toContainText(/median \d+(\.\d)? m?s, p95 \d+(\.\d)? m?s/);
    await expect(healthyRow).toContainText('100 % delivered (1 of 1)');
    await expect(healthyRow).toContainText('0 failed in 24 h');
    await expect(healthyRow).not.toContainText('Failing');
    expect(await seriousViolations(page)).toEqual([]);
    if (SCREENSHOTS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: 'docs/screenshots/webhook-health.png' });
    }

    await failingRow.getByRole('link', { name: 'Failing hook' }).click();
    const card = page.getByRole('region', { name: 'Health' });
    await expect(card).toContainText('Failing');
    await expect(card).toContainText('0 %');
    await expect(card).toContainText('(0 sent of 1 finished)');
    await expect(card.getByRole('definition').nth(2)).toHaveText('1');
    await expect(card).toContainText('over the last 4 attempts');
    expect(await seriousViolations(page)).toEqual([]);
    if (SCREENSHOTS) await card.screenshot({ path: 'docs/screenshots/webhook-health-detail.png' });

    await page.goto(`/webhooks/${healthy.hook.id}`);
    await expect(card).toContainText('Healthy');
    await expect(card).toContainText('100 %');
    await expect(card).toContainText('(1 sent of 1 finished)');
    await expect(card).toContainText('over the last attempt');
  });

  test('health, the events table and the diagnosis agree after a delivery fails and after Refresh', async ({ page, newAccount }) => {
    test.setTimeout(150_000);
    const { token } = await seedSession(page, newAccount);
    const { receiver, hook } = await hookWithReceiver(token, 'Agreeing hook', 500);
    await page.goto(`/webhooks/${hook.id}`);
    const card = page.getByRole('region', { name: 'Health' });
    const events = page.getByRole('region', { name: 'Delivery events' });
    const diagnosis = page.getByRole('region', { name: 'Why deliveries fail' });
    const rows = page.getByTestId('event-row');
    // The first visit loads the page's chunk: slow on a busy machine.
    await expect(card).toContainText('No deliveries yet', { timeout: 30_000 });
    await expect(events).toContainText('No deliveries yet.');

    // The page is open and idle (nothing in flight, so nothing polls) while a delivery fails all its attempts.
    await finishOrder(token);
    await settled(token, hook.id, 'FAILED');
    await page.getByRole('button', { name: 'Refresh events' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('FAILED');
    await expect(rows.first()).toContainText('3 of 3');
    await expect(card).toContainText('Failing');
    await expect(card).not.toContainText('No deliveries yet');
    await expect(card).toContainText('(0 sent of 1 finished)');
    await expect(card.getByTestId('failing-reason')).toHaveText('Failing because its only finished delivery failed.');
    await expect(diagnosis).toContainText('1 failed or retrying delivery in the last event');

    // The receiver recovers: the next delivery is sent, and after Refresh all three move together again.
    await call(token, 'PUT', `/_emulator/receivers/${receiver}/config`, { status: 200, delayMs: 0 });
    await finishOrder(token);
    await settled(token, hook.id, 'SENT');
    await page.getByRole('button', { name: 'Refresh events' }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('SENT');
    await expect(card).toContainText('Healthy');
    await expect(card).toContainText('(1 sent of 2 finished)');
    await expect(card.getByTestId('failing-reason')).toHaveCount(0);
    await expect(diagnosis).toContainText('1 failed or retrying delivery in the last 2 events');
    await expect(page.getByTestId('filter-scope')).toHaveText('Filters search all 2 events.');
  });

  test('the signature checker opened from a delivery diffs a re-serialised body against the signed one', async ({ page, newAccount }) => {
    test.setTimeout(120_000);
    const { token } = await seedSession(page, newAccount);
    const { receiver, hook } = await hookWithReceiver(token, 'Diff hook', 200);
    await finishOrder(token);
    const event = await settled(token, hook.id, 'SENT');
    const received = await call<{ requests: { body: string }[] }>(token, 'GET', `/_emulator/receivers/${receiver}/requests`);
    const body = received.requests[0]!.body;

    await page.goto(`/webhooks/signature-checker?webhookId=${hook.id}&eventId=${event.id}`);
    await expect(page.getByText(`Loaded the body signed for delivery event ${event.id}`)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Body that was signed' })).toHaveValue(body);
    await expect(page.getByLabel('Secret', { exact: true })).toHaveValue(hook.secret);

    const reserialised = JSON.stringify(JSON.parse(body), null, 2) + '\n';
    await page.getByLabel('Raw body (exactly as received)').fill(reserialised);
    const causes = page.getByTestId('diff-causes');
    await expect(causes).toContainText('Whitespace differs (the JSON was re-formatted)');
    await expect(causes).toContainText('A trailing newline was added');
    await expect(page.getByText('The bodies differ')).toBeVisible();
    // Pretty-printing inserts a line break right after the opening brace.
    await expect(page.getByTestId('received-context')).toContainText('{⟦␊LF⟧');
    await page.getByRole('button', { name: 'Check signature' }).click();
    await expect(page.getByText('✕ Signature does not match')).toBeVisible();
    await expect(page.getByRole('link', { name: 'how the bodies differ' })).toBeVisible();
    await page.getByText('Full diff').click();
    await expect(page.getByTestId('body-diff')).toContainText('{+␊');
    expect(await seriousViolations(page)).toEqual([]);
    if (SCREENSHOTS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      // Show the verdict, the bytes around the difference and the causes together.
      await page.evaluate(() => window.scrollTo(0, 240));
      await page.screenshot({ path: 'docs/screenshots/signature-body-diff.png' });
    }

    await page.getByLabel('Raw body (exactly as received)').fill(body);
    await expect(page.getByText('Identical')).toBeVisible();
    await expect(causes).toHaveCount(0);
    await page.getByRole('button', { name: 'Check signature' }).click();
    await expect(page.getByText('✓ Signature matches')).toBeVisible();
  });
});
