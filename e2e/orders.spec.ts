import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { encodeSession } from '../src/features/auth/lib/session-store';
import { getData, putFile } from './support/emulator-api';
import { apiLogin, apiPost, DEMO, expect, seedSession, seedStoredSession, SECOND, test, type Account } from './support/fixtures';

const CHELSEA = readFileSync(new URL('./fixtures/chelsea.png', import.meta.url));
const TRUNCATED = readFileSync(new URL('./fixtures/truncated.jpg', import.meta.url));

interface Created {
  orderId: string;
  orderName: string;
  uploadUrls: string[];
}

async function createEmbed(token: string, fileName = 'chelsea.png'): Promise<Created> {
  const data = (await apiPost(token, '/orders/wtr-embed', {
    idempotencyKey: randomUUID(),
    files: [{ fileName, watermarks: [{ text: 'e2e mark' }] }],
  })) as { orderId: string; orderName: string; files: { uploadUrl: string }[] };
  return { orderId: data.orderId, orderName: data.orderName, uploadUrls: data.files.map((f) => f.uploadUrl) };
}

/** An anti-AI order with a chosen name, left pending (no upload, no confirm). */
async function createNamedAntiAi(token: string, orderName: string): Promise<Created> {
  const data = (await apiPost(token, '/orders/anti-ai', {
    idempotencyKey: randomUUID(),
    orderName,
    files: [{ fileName: 'chelsea.png' }],
    options: { strength: 'low' },
  })) as { orderId: string; orderName: string; files: { uploadUrl: string }[] };
  return { orderId: data.orderId, orderName: data.orderName, uploadUrls: data.files.map((f) => f.uploadUrl) };
}

async function tokenOf(account: Account) {
  return (await apiLogin(account)).token;
}

test.describe('orders list', () => {
  test('an empty account is led to New order', async ({ page, newAccount }) => {
    await seedSession(page, newAccount);
    await page.goto('/orders');
    await expect(page.getByText('No orders yet')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'New order' }).last().click();
    await expect(page).toHaveURL(/\/orders\/new/);
  });

  test('lists orders newest first; filters, search and pages live in the URL and survive a reload', async ({ page, newAccount }) => {
    const token = await tokenOf(newAccount);
    const created: Created[] = [];
    for (let i = 1; i <= 12; i++) created.push(await createNamedAntiAi(token, `batch-${String(i).padStart(2, '0')}`));
    const embed = await createEmbed(token);
    await putFile(embed.uploadUrls[0]!, CHELSEA, 'image/png');

    await seedSession(page, newAccount);
    await page.goto('/orders');
    const rows = page.getByTestId('order-row');
    await expect(rows).toHaveCount(10);
    // Newest first: the embed order was created last.
    await expect(rows.first()).toContainText(embed.orderName);
    await expect(rows.nth(1)).toContainText('batch-12');
    await expect(rows.nth(1)).toContainText('Waiting for files');
    await expect(page.getByText('Page 1 of 2 · 13 orders')).toBeVisible();

    await page.getByRole('button', { name: 'Next page' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(rows).toHaveCount(3);
    // The last page disables "Next page": keyboard focus moves to "Previous page" instead of falling to the page body.
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeFocused();
    await expect(rows.last()).toContainText('batch-01');
    await page.reload();
    await expect(page.getByText('Page 2 of 2 · 13 orders')).toBeVisible();
    await expect(rows).toHaveCount(3);

    await page.getByLabel('Type').selectOption('watermarkEmbed');
    await expect(page).toHaveURL(/type=watermarkEmbed/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(embed.orderName);

    await page.getByLabel('Type').selectOption('all');
    await page.getByLabel('Search').fill('batch-07');
    await expect(page).toHaveURL(/keyword=batch-07/);
    await expect(rows).toHaveCount(1);
    await page.reload();
    await expect(page.getByLabel('Search')).toHaveValue('batch-07');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('batch-07');

    await page.getByLabel('Status').selectOption('failed');
    await expect(page.getByText('No orders match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(rows).toHaveCount(10);

    await page.getByLabel('Per page').selectOption('20');
    await expect(page).toHaveURL(/limit=20/);
    await expect(rows).toHaveCount(13);
  });

  test('bad URL values fall back instead of crashing', async ({ page, newAccount }) => {
    await seedSession(page, newAccount);
    await page.goto('/orders?page=abc&limit=7&status=nonsense');
    await expect(page.getByText('No orders yet')).toBeVisible();
  });
});

test.describe('order detail', () => {
  test('follows an order from waiting to complete without a reload, then downloads a ZIP', async ({ page, newAccount }) => {
    const token = await tokenOf(newAccount);
    const order = await createEmbed(token);
    await seedSession(page, newAccount);
    await page.goto(`/orders/${order.orderId}`);
    await expect(page.getByRole('heading', { name: order.orderName })).toBeVisible();
    const status = page.getByRole('status', { name: 'Order status' });
    await expect(status).toContainText('Waiting for files');
    await expect(page.getByText('This page updates by itself.')).toBeVisible();

    await putFile(order.uploadUrls[0]!, CHELSEA, 'image/png');
    await expect(status).toContainText('Complete', { timeout: 20_000 });
    await expect(page.getByText('This page updates by itself.')).toHaveCount(0);
    await expect(page.getByText('e2e mark')).toBeVisible();

    const downloadPromise = page.waitForEvent('download');
    const responsePromise = page.waitForResponse((r) => r.url().includes(`/orders/${order.orderId}/download`));
    await page.getByRole('button', { name: 'Download results (ZIP)' }).click();
    const response = await responsePromise;
    const { data } = (await response.json()) as { data: { downloadUrl: string } };
    const download = await downloadPromise;
    expect(download.url()).toBe(data.downloadUrl);
    // A raw fetch on purpose: the storage's own HTTP answer (status, Content-Type) is what is checked.
    const zip = await fetch(data.downloadUrl);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toMatch(/zip/);
  });

  test('a failed order shows its error text', async ({ page, newAccount }) => {
    const token = await tokenOf(newAccount);
    const order = await createEmbed(token, 'truncated.jpg');
    await putFile(order.uploadUrls[0]!, TRUNCATED, 'image/jpeg');
    await seedSession(page, newAccount);
    await page.goto(`/orders/${order.orderId}`);
    await expect(page.getByRole('status', { name: 'Order status' })).toContainText('Failed', { timeout: 20_000 });
    const data = await getData<{ errors: string | null }>(token, `/api/v2/orders/${order.orderId}`);
    expect(data.errors).toBeTruthy();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The service reported a problem');
    await expect(alert).toContainText(data.errors!);
    await expect(page.getByRole('button', { name: /Download/ })).toHaveCount(0);
  });

  test("another account's order is not found, and shows none of its data", async ({ page, newAccount }) => {
    const other = await createEmbed(await tokenOf(SECOND));
    await seedSession(page, newAccount);
    await page.goto(`/orders/${other.orderId}`);
    await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
    await expect(page.getByText(other.orderName)).toHaveCount(0);
  });

  test('copies the order id', async ({ page, context, newAccount }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const order = await createEmbed(await tokenOf(newAccount));
    await seedSession(page, newAccount);
    await page.goto(`/orders/${order.orderId}`);
    await page.getByRole('button', { name: 'Copy order id' }).click();
    await expect(page.getByRole('button', { name: 'Copy order id' })).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.orderId);
  });
});

test.describe('order page', () => {
  test('"Back" returns to the orders list with the filters it came from', async ({ page, newAccount }) => {
    const token = await tokenOf(newAccount);
    const order = await createNamedAntiAi(token, 'waiting one');
    await createEmbed(token);
    await seedSession(page, newAccount);
    await page.goto('/orders?status=pending&type=antiAi');
    await page.getByRole('link', { name: 'waiting one' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.orderId}$`));
    await page.getByRole('link', { name: 'Back to the filtered orders' }).click();
    await expect(page).toHaveURL(/\/orders\?status=pending&type=antiAi$/);
    await expect(page.getByRole('link', { name: 'waiting one' }).first()).toBeVisible();
  });

  test('an anti-AI order made in the dashboard shows its files, strength, channel and before/after', async ({ page, newAccount }) => {
    test.setTimeout(180_000);
    await seedSession(page, newAccount);
    await page.goto('/orders/new/anti-ai');
    await page.getByRole('radio', { name: 'Low' }).check();
    await page.locator('input[type=file]').first().setInputFiles([
      { name: 'chelsea.png', mimeType: 'image/png', buffer: CHELSEA },
      { name: 'second.png', mimeType: 'image/png', buffer: readFileSync(new URL('./fixtures/coins.png', import.meta.url)) },
    ]);
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page).toHaveURL(/\/orders\/ord_[A-Za-z0-9]+$/, { timeout: 60_000 });
    await expect(page.getByRole('status', { name: 'Order status' })).toContainText('Complete', { timeout: 60_000 });

    const files = page.getByRole('table', { name: 'Files of this order' }).locator('tbody tr');
    await expect(files).toHaveCount(2, { timeout: 30_000 });
    await expect(files.nth(0)).toContainText('chelsea.png');
    await expect(files.nth(0)).toContainText('Complete');
    await expect(files.nth(1)).toContainText('second.png');
    await expect(files.nth(1)).toContainText('Complete');
    const options = page.getByRole('region', { name: 'Options used' });
    await expect(options).toContainText('StrengthLow');
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('Web (made in the dashboard, signed in)');

    const preview = page.getByRole('region', { name: 'Before and after' });
    const before = preview.getByRole('img', { name: 'chelsea.png before processing' });
    const after = preview.getByRole('img', { name: 'Thumbnail of chelsea.png after processing' });
    await expect(before).toBeVisible();
    await expect(after).toBeVisible();
    await expect.poll(() => after.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await before.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('an order made with an API key says so and what the service does not report', async ({ page, newAccount }) => {
    const created = (await apiPost((await apiLogin(newAccount)).body.user.apiKey, '/orders/anti-ai', {
      idempotencyKey: randomUUID(),
      files: [{ fileName: 'chelsea.png' }],
    })) as { orderId: string };
    await seedSession(page, newAccount);
    await page.goto(`/orders/${created.orderId}`);
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('API (made with an API key)', { timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Files' })).toContainText('The service does not report file names');
    await expect(page.getByRole('region', { name: 'Options used' })).toContainText('Not reported by the service');
  });

  test('order pages and new-order forms have no sideways scroll at 375 px', async ({ page }) => {
    test.setTimeout(300_000);
    const { token } = await apiLogin(DEMO);
    await page.setViewportSize({ width: 375, height: 800 });
    await seedSession(page, DEMO);
    const orders = await demoOrders(token);
    const paths = ['/orders/new/anti-ai', '/orders/new/embed', '/orders/new/extract', ...orders.map((o) => `/orders/${o.orderId}`)];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('status', { name: 'Loading the order' })).toHaveCount(0);
      await expectNoSidewaysScroll(page, path);
    }
  });
});

/** One seeded demo order of each kind and state the detail page draws differently. */
async function demoOrders(token: string): Promise<{ orderId: string; type: string; status: string }[]> {
  const { orders } = await getData<{ orders: { orderId: string; type: string; status: string }[] }>(token, '/api/v2/orders?limit=100');
  const seen = new Set<string>();
  return orders.filter((o) => {
    const key = `${o.type}/${o.status}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, `${what} is ${width} px wide at 375 px`).toBeLessThanOrEqual(375);
}

test('a session the service no longer accepts sends the user to sign in and back', async ({ page }) => {
  await seedStoredSession(page, encodeSession({ token: 'sk_revokedKey12345678', expiresAt: null, method: 'apiKey', signedInAt: Date.now(), account: null }));
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Forders$/);
  await expect(page.getByText('The service no longer accepts your session.')).toBeVisible();
});

