import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { call } from './support/emulator-api';
import { apiLogin, createAccount, expect, seedSession, test, type Account } from './support/fixtures';
import { mainEmulatorUrl } from './support/stacks';
import { putFile } from '../scripts/stack/signed-in';

/*
 * The local copy of the orders (docs/decisions/history-cache.md): the usage history reads the orders list once,
 * then only what is new; a finished order joins the copy; the export reads the copy; sign-out clears it.
 */

const CHELSEA = readFileSync(new URL('./fixtures/chelsea.png', import.meta.url));

/** A list read (GET /api/v2/orders?…), not an order's own page. */
const isListRead = (request: Request) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/v2/orders';

function countListReads(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (isListRead(request)) seen.push(new URL(request.url()).search);
  });
  return { seen, reset: () => void seen.splice(0) };
}

/** An embed order of one real image, uploaded, so it completes by itself. */
async function embedOrder(token: string): Promise<string> {
  const data = await call<{ orderId: string; files: { uploadUrl: string }[] }>(token, 'POST', '/api/v2/orders/wtr-embed', {
    idempotencyKey: randomUUID(),
    files: [{ fileName: 'chelsea.png', watermarks: [{ text: 'history e2e' }] }],
  });
  await putFile(data.files[0]!.uploadUrl, CHELSEA, 'image/png');
  return data.orderId;
}

async function waitFinal(token: string, orderId: string) {
  await expect
    .poll(async () => (await call<{ status: string }>(token, 'GET', `/api/v2/orders/${orderId}`)).status, { timeout: 60_000 })
    .toMatch(/complete|failed/);
}

/** 120 orders that fail at once (their image URL answers 404): more than a page of finished orders, in seconds. */
async function manyFailedOrders(token: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const data = await call<{ orderId: string }>(token, 'POST', '/api/v2/orders/anti-ai', {
      idempotencyKey: randomUUID(),
      orderName: `history-${i}`,
      files: [{ fileName: 'gone.png', originalFileUrl: `${mainEmulatorUrl}/no-such-image-${i}.png` }],
    });
    ids.push(data.orderId);
  }
  await expect
    .poll(async () => (await call<{ pageInfo: { totalItems: number } }>(token, 'GET', '/api/v2/orders?status=failed&limit=1')).pageInfo.totalItems, {
      timeout: 90_000,
    })
    .toBe(count);
}

async function openHistory(page: Page) {
  await page.goto('/usage?range=12m');
  const history = page.getByRole('region', { name: 'Usage history' });
  await history.scrollIntoViewIfNeeded();
  return history;
}

const copiedOrders = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('imprint-orders-copy');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('orders')) return resolve(0);
          const count = db.transaction('orders').objectStore('orders').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );

test.describe.serial('the local copy of the orders', () => {
  let account: Account;
  let token: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    account = await createAccount({ planType: 'enterprise' });
    token = (await apiLogin(account)).token;
    await manyFailedOrders(token, 120);
    const first = await embedOrder(token);
    await waitFinal(token, first);
  });

  test('a revisit after an order finished costs at most 3 list reads and shows it; the export reads the copy; sign-out clears it', async ({ page }) => {
    test.slow();
    const reads = countListReads(page);
    await seedSession(page, account);
    const history = await openHistory(page);
    await expect(history.getByTestId('history-total')).toContainText('1 file');
    // 121 orders: two pages of 100 (and the refreshes around them).
    expect(reads.seen.filter((search) => search.includes('page=2')).length).toBeGreaterThanOrEqual(1);
    expect(await copiedOrders(page)).toBe(121);

    // One more order, followed to its end on its page, then back on Usage (a new page load: the copy is on disk).
    const orderId = await embedOrder(token);
    await page.goto(`/orders/${orderId}`);
    await expect(page.getByText('Complete', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
    reads.reset();
    const again = await openHistory(page);
    await expect(again.getByTestId('history-total')).toContainText('2 files');
    await expect(page.getByTestId('month-usage-total')).toContainText('2 files');
    // Page 1 (and page 2 when the order page met the order already finished, so it could not add it): not 2 pages again.
    expect(reads.seen.length, reads.seen.join('\n')).toBeLessThanOrEqual(3);

    // The export right after reads the copy: a page at most (the refresh), not the 2 pages of the list again.
    await page.goto('/orders');
    await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
    reads.reset();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const lines = readFileSync(await (await downloading).path(), 'utf8').trim().split('\r\n');
    expect(lines).toHaveLength(1 + 122);
    expect(reads.seen.filter((search) => search.includes('limit=100')).length).toBeLessThanOrEqual(1);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/sign-in/);
    await expect.poll(() => copiedOrders(page)).toBe(0);
  });

  test('the walk can be paused, stays paused after a reload, and resumes from its page', async ({ page }) => {
    const reads = countListReads(page);
    // Page 2 of the walk takes its time, so there is a walk to pause.
    let slow = true;
    await page.route(/\/api\/v2\/orders\?.*page=2/, async (route) => {
      if (slow) await new Promise((resolve) => setTimeout(resolve, 15_000));
      await route.continue();
    });
    await seedSession(page, account);
    const history = await openHistory(page);
    const progress = history.getByTestId('history-progress');
    await expect(progress).toContainText(/page 1 of about/);
    // The keyboard: the cards around it still settle while the walk runs.
    await progress.getByRole('button', { name: 'Pause reading' }).press('Enter');
    await expect(history.getByTestId('history-paused')).toContainText('paused at page 1');

    await page.reload();
    await history.scrollIntoViewIfNeeded();
    await expect(history.getByTestId('history-paused')).toBeVisible();
    slow = false;
    reads.reset();
    await history.getByRole('button', { name: 'Resume reading' }).press('Enter');
    await expect(history.getByTestId('history-total')).toContainText('file');
    // Page 1 again only as the refresh for new orders; the walk itself reads on from page 2.
    expect(reads.seen.filter((search) => /[?&]page=2(&|$)/.test(search)).length).toBeGreaterThanOrEqual(1);
    expect(reads.seen.filter((search) => /[?&]page=1(&|$)/.test(search)).length).toBeLessThanOrEqual(3);
  });
});
