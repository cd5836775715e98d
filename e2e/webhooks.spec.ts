import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, seedSession, test, type Account } from './support/fixtures';
import { call, finishOrder } from './support/emulator-api';
import { mainEmulatorUrl } from './support/stacks';

const TRUNCATED = readFileSync(new URL('./fixtures/truncated.jpg', import.meta.url));



async function setup(page: Page, account: Account) {
  const { token } = await seedSession(page, account);
  const receiver = `e2e-${randomUUID().slice(0, 8)}`;
  const url = `${mainEmulatorUrl}/_emulator/receivers/${receiver}`;
  const hook = (await call(token, 'POST', '/api/v2/orders/webhooks', { name: 'Receiver hook', url })) as { id: number; secret: string };
  return { token, receiver, hook };
}

async function waitForEvents(token: string, webhookId: number, count: number) {
  await expect
    .poll(async () => ((await call(token, 'GET', `/api/v2/orders/webhooks/${webhookId}/events?limit=1`)) as { pagination: { total: number } }).pagination.total, {
      timeout: 60_000,
    })
    .toBe(count);
}

const rows = (page: Page) => page.getByTestId('event-row');

test.describe('webhooks', () => {
  test('creates a webhook and shows its secret once', async ({ page, newAccount }) => {
    await seedSession(page, newAccount);
    await page.goto('/webhooks');
    await expect(page.getByText('No webhooks yet')).toBeVisible();
    await page.getByRole('button', { name: 'Create a webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a webhook' });
    await dialog.getByLabel('Name').fill('Orders to ERP');
    await dialog.getByLabel('URL').fill('not a url');
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    await expect(dialog.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('URL').fill('https://erp.example.com/hooks');
    await dialog.getByRole('button', { name: 'Create webhook' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Store your signing secret' });
    const secret = (await secretDialog.getByLabel('Signing secret', { exact: true }).textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await expect(secretDialog.getByRole('button', { name: 'Copy signing secret' })).toBeVisible();
    // Escape does not lose the secret silently.
    await page.keyboard.press('Escape');
    await expect(secretDialog.getByText('Close without storing the secret?')).toBeVisible();
    await secretDialog.getByRole('button', { name: 'Keep it open' }).click();
    await secretDialog.getByRole('button', { name: 'I have stored it' }).click();
    await expect(secretDialog).toBeHidden();

    await page.getByRole('link', { name: 'Orders to ERP' }).click();
    await expect(page.getByRole('heading', { name: 'Orders to ERP' })).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reveal Signing secret' })).toBeVisible();
    const toggle = page.getByRole('switch');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('Paused', { exact: true })).toBeVisible();
  });

  test('deleting is a danger zone at the bottom of the page and asks for the name first', async ({ page, newAccount }) => {
    const { hook } = await setup(page, newAccount);
    await page.goto(`/webhooks/${hook.id}`);
    const zone = page.getByRole('region', { name: 'Danger zone' });
    await expect(zone).toBeVisible({ timeout: 30_000 });
    // Below everything else on the page, the delivery events included.
    const zoneTop = (await zone.boundingBox())!.y;
    const eventsBox = (await page.getByRole('region', { name: 'Delivery events' }).boundingBox())!;
    expect(zoneTop).toBeGreaterThanOrEqual(eventsBox.y + eventsBox.height);

    await zone.getByRole('button', { name: 'Delete webhook' }).click();
    const confirm = zone.getByRole('button', { name: 'Yes, delete “Receiver hook”' });
    await expect(zone).toContainText('Delete “Receiver hook” and its delivery history? This cannot be undone.');
    await expect(confirm).toBeDisabled();
    await expect(confirm).toHaveAccessibleDescription('Type the name above first');
    await zone.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(zone.getByRole('button', { name: 'Delete webhook' })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Receiver hook' })).toBeVisible();

    await zone.getByRole('button', { name: 'Delete webhook' }).click();
    await zone.getByLabel('Type Receiver hook to confirm').fill('Receiver hook');
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(page).toHaveURL(/\/webhooks$/);
    await expect(page.getByText('No webhooks yet')).toBeVisible();
  });

  test('a finished order is delivered, and the signature checker verifies the received body', async ({ page, newAccount }) => {
    const { token, receiver, hook } = await setup(page, newAccount);
    await finishOrder(token);
    await waitForEvents(token, hook.id, 1);
    await page.goto(`/webhooks/${hook.id}`);
    await expect(rows(page).first()).toContainText('SENT', { timeout: 20_000 });
    await expect(rows(page).first()).toContainText('order.watermarkEmbed.completed');

    await page.goto(`/webhooks/test-receiver?name=${receiver}`);
    const received = page.getByTestId('received-request').first();
    await expect(received).toContainText('Valid signature');
    await received.getByText('Headers and body').click();
    const body = (await received.getByTestId('received-body').textContent())!;
    const requests = (await call(token, 'GET', `/_emulator/receivers/${receiver}/requests`)) as { requests: { headers: Record<string, string> }[] };
    const signature = requests.requests[0]!.headers['x-service-signature']!;

    await page.goto('/webhooks/signature-checker');
    await page.getByLabel('Webhook (fills in its secret)').selectOption({ label: 'Receiver hook' });
    await expect(page.getByLabel('Secret', { exact: true })).toHaveValue(hook.secret);
    await page.getByLabel('Raw body (exactly as received)').fill(body);
    await page.getByLabel('X-Service-Signature').fill(signature);
    await page.getByRole('button', { name: 'Check signature' }).click();
    await expect(page.getByText('✓ Signature matches')).toBeVisible();
    const changed = body.replace('"', "'");
    await page.getByLabel('Raw body (exactly as received)').fill(changed);
    await page.getByRole('button', { name: 'Check signature' }).click();
    await expect(page.getByText('✕ Signature does not match')).toBeVisible();
    await expect(page.getByTestId('expected-signature')).not.toHaveText(signature);
  });

  test('a failing receiver shows RETRYING then FAILED, and Retry delivers it', async ({ page, newAccount }) => {
    const { token, receiver, hook } = await setup(page, newAccount);
    await page.goto(`/webhooks/test-receiver?name=${receiver}`);
    await page.getByRole('button', { name: 'Answer 500' }).click();
    await expect(page.getByTestId('receiver-answer')).toHaveText('HTTP 500');

    await finishOrder(token);
    await waitForEvents(token, hook.id, 1);
    await page.goto(`/webhooks/${hook.id}`);
    const row = rows(page).first();
    await expect(row).toContainText('RETRYING', { timeout: 15_000 });
    await expect(row).toContainText(/Next retry/);
    await expect(row).toContainText('FAILED', { timeout: 20_000 });
    await expect(row).toContainText('3 of 3');

    await row.getByRole('button', { name: 'Attempts' }).click();
    await expect(page.getByText('HTTP 500').first()).toBeVisible();

    await call(token, 'PUT', `/_emulator/receivers/${receiver}/config`, { status: 200, delayMs: 0 });
    await row.getByRole('button', { name: 'Retry' }).click();
    await expect(row).toContainText('Delivered');
    // The Retry button goes away once SENT; keyboard focus is on the answer, not lost to the page body.
    await expect(row.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(page.getByText(/Delivered/)).toBeFocused();
    await expect(row).toContainText('SENT');
  });

  test('45 events page at 20 and survive a reload', async ({ page, newAccount }) => {
    test.setTimeout(120_000);
    const { token, hook } = await setup(page, newAccount);
    for (let batch = 0; batch < 45; batch += 9) {
      await Promise.all(Array.from({ length: 9 }, () => finishOrder(token, TRUNCATED, 'broken.jpg')));
    }
    await waitForEvents(token, hook.id, 45);
    const all = (await call(token, 'GET', `/api/v2/orders/webhooks/${hook.id}/events?limit=100`)) as { events: { eventId: string }[] };

    await page.goto(`/webhooks/${hook.id}`);
    await expect(page.getByText('Page 1 of 3 · 45 events')).toBeVisible();
    await expect(rows(page)).toHaveCount(20);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=3/);
    await expect(rows(page)).toHaveCount(5);
    await expect(rows(page).first().locator('code[title]')).toHaveAttribute('title', all.events[40]!.eventId);
    await page.reload();
    await expect(page.getByText('Page 3 of 3 · 45 events')).toBeVisible();
    await expect(rows(page)).toHaveCount(5);
    await page.getByLabel('Per page').selectOption('50');
    await expect(rows(page)).toHaveCount(45);
    await expect(page.getByTestId('filter-scope')).toHaveText('Filters search all 45 events.');
  });
});
