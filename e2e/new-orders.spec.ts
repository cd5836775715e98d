import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { callResponse, getData } from './support/emulator-api';
import { expect, seedSession, test, type Account } from './support/fixtures';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => path.join(FIXTURES, name);
const FINAL = ['complete', 'failed', 'detected', 'undetected'];

interface OrderBody {
  orderId: string;
  status: string;
  type: string;
  errors: string | null;
  fileCount: number;
}

async function getOrder(token: string, orderId: string): Promise<OrderBody> {
  const res = await callResponse<OrderBody>(token, 'GET', `/api/v2/orders/${orderId}`);
  expect(res.status).toBe(200);
  return res.data;
}

async function listOrders(token: string): Promise<OrderBody[]> {
  return (await getData<{ orders: OrderBody[] }>(token, '/api/v2/orders?limit=100')).orders;
}

/** The order page may still be a placeholder: the final status is read through the API. */
async function expectOrderFinishes(page: Page, token: string, expected: string[] = FINAL): Promise<OrderBody> {
  await expect(page).toHaveURL(/\/orders\/[^/]+$/, { timeout: 60_000 });
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  let last: OrderBody | undefined;
  await expect
    .poll(async () => (last = await getOrder(token, orderId)).status, { timeout: 60_000 })
    .toMatch(new RegExp(`^(${expected.join('|')})$`));
  return last!;
}

async function start(page: Page, account: Account, kind: 'anti-ai' | 'embed' | 'extract') {
  const { token } = await seedSession(page, account);
  await page.goto(`/orders/new/${kind}`);
  return token;
}

const dropInput = (page: Page) => page.locator('input[type=file]').first();

test.describe('new orders', () => {
  test('anti-AI: dropped files upload, confirm and finish', async ({ page, newAccount }) => {
    const token = await start(page, newAccount, 'anti-ai');
    await expect(page.getByRole('radio', { name: 'High' })).toBeChecked();
    await page.getByRole('radio', { name: 'Low' }).check();
    await dropInput(page).setInputFiles([fixture('chelsea.png'), fixture('rocket.jpg')]);
    await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(2);
    await page.getByLabel('Order name (optional)').fill('two images');
    await page.getByRole('button', { name: 'Create order' }).click();
    const order = await expectOrderFinishes(page, token, ['complete']);
    expect(order.fileCount).toBe(2);
  });

  test('rejected files get a plain reason and are not sent', async ({ page, newAccount }) => {
    await start(page, newAccount, 'anti-ai');
    await dropInput(page).setInputFiles([fixture('chelsea.png')]);
    await dropInput(page).setInputFiles([
      { name: 'chelsea.png', mimeType: 'image/png', buffer: await readFile(fixture('chelsea.png')) },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') },
    ]);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('chelsea.png: a file with this name is already in the list');
    await expect(alert).toContainText('notes.txt: not an accepted format');
    await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(1);

    // Removing the last file by keyboard leaves focus on the drop zone (to choose again), not on the page body.
    await page.getByRole('button', { name: 'Remove chelsea.png' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Images to upload: drop files here/ })).toBeFocused();
  });

  test('anti-AI in URL mode: no upload, the service fetches the image', async ({ page, newAccount }) => {
    const image = await readFile(fixture('coins.png'));
    const server: Server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(image);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const token = await start(page, newAccount, 'anti-ai');
      await page.getByLabel('Image URLs (one per line)').fill(`ftp://nope/a.png\nhttp://127.0.0.1:${port}/coins.png`);
      await expect(page.getByText('Line 1: ftp://nope/a.png must start with http:// or https://')).toBeVisible();
      await page.getByLabel('Image URLs (one per line)').fill(`http://127.0.0.1:${port}/coins.png`);
      let puts = 0;
      page.on('request', (r) => {
        if (r.method() === 'PUT') puts++;
      });
      await page.getByRole('button', { name: 'Create order' }).click();
      await expectOrderFinishes(page, token, ['complete']);
      expect(puts).toBe(0);
    } finally {
      server.close();
    }
  });

  test('watermark embed: shared texts applied to every file', async ({ page, newAccount }) => {
    const token = await start(page, newAccount, 'embed');
    await dropInput(page).setInputFiles([fixture('chelsea.png'), fixture('coins.png')]);
    await page.getByLabel(/Watermark texts for every file/).fill('owner: e2e\nsecond text');
    await page.getByRole('button', { name: 'Apply the same texts to every file' }).click();
    await expect(page.getByLabel('Watermark texts for coins.png (one per line)')).toHaveValue('owner: e2e\nsecond text');
    await page.getByRole('button', { name: 'Create order' }).click();
    await expectOrderFinishes(page, token, ['complete']);
  });

  for (const steps of ['images first, then the texts', 'the texts first, then images'] as const) {
    test(`watermark embed: texts for every file apply whatever the order of the steps (${steps})`, async ({ page, newAccount }) => {
      test.setTimeout(180_000);
      const token = await start(page, newAccount, 'embed');
      await expect(page.getByRole('heading', { name: 'New watermark embed order' })).toBeVisible({ timeout: 30_000 });
      const create = page.getByRole('button', { name: 'Create order' });
      // Nothing chosen yet: the disabled button says why, beside it.
      await expect(create).toBeDisabled();
      await expect(create).toHaveAccessibleDescription('Add at least one image');
      const typeShared = () => page.getByLabel(/Watermark texts for every file/).fill('owner: e2e');
      const choose = () => dropInput(page).setInputFiles([fixture('chelsea.png'), fixture('coins.png')]);
      if (steps === 'images first, then the texts') {
        await choose();
        await typeShared();
      } else {
        await typeShared();
        await choose();
      }
      // One file keeps its own text: the override stays possible.
      await page.getByLabel('Watermark texts for coins.png (one per line)').fill('only coins');
      await expect(create).toBeEnabled();
      await create.click();
      await expect(page.getByText(/needs at least/)).toHaveCount(0);
      const order = await expectOrderFinishes(page, token, ['complete']);
      expect(order.fileCount).toBe(2);
      const detail = (await getOrder(token, order.orderId)) as OrderBody & { watermarks: string[] };
      expect(detail.watermarks.toSorted()).toEqual(['only coins', 'owner: e2e']);
    });
  }

  test('watermark embed: a file left without any text is named, and no order is made', async ({ page, newAccount }) => {
    const token = await start(page, newAccount, 'embed');
    await dropInput(page).setInputFiles([fixture('chelsea.png')]);
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.getByRole('alert')).toContainText('chelsea.png has no watermark text: type at least one text for every file, or one for this file.');
    expect(await listOrders(token)).toHaveLength(0);
  });

  test('watermark extract: one image with its original', async ({ page, newAccount }) => {
    const token = await start(page, newAccount, 'extract');
    await dropInput(page).setInputFiles(fixture('chelsea.png'));
    await page.getByLabel('Include the original image (images only, not PDF)').check();
    await page.locator('input[type=file]:not([webkitdirectory])').nth(1).setInputFiles(fixture('coins.png'));
    await page.getByRole('button', { name: 'Create order' }).click();
    const order = await expectOrderFinishes(page, token);
    expect(order.type).toBe('watermarkExtract');
  });

  test('expired upload URLs are refreshed and the order finishes', async ({ page, newAccount }) => {
    const token = await start(page, newAccount, 'anti-ai');
    const refused = new Set<string>();
    let refreshCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/refresh-urls')) refreshCalls++;
    });
    await page.route('**/storage/**', async (route) => {
      const url = new URL(route.request().url());
      if (route.request().method() === 'PUT' && !refused.has(url.pathname)) {
        refused.add(url.pathname);
        await route.fulfill({
          status: 403,
          headers: { 'access-control-allow-origin': '*' },
          contentType: 'application/json',
          body: JSON.stringify({ code: 'UPLOAD_URL_EXPIRED', message: 'expired' }),
        });
        return;
      }
      await route.continue();
    });
    await dropInput(page).setInputFiles([fixture('chelsea.png'), fixture('coins.png')]);
    await page.getByRole('button', { name: 'Create order' }).click();
    await expectOrderFinishes(page, token, ['complete']);
    expect(refused.size).toBe(2);
    expect(refreshCalls).toBeGreaterThanOrEqual(1);
  });

  test('uploads meeting 30% server errors are retried and all finish', async ({ page, newAccount }) => {
    const token = await start(page, newAccount, 'embed');
    let put = 0;
    let failed = 0;
    await page.route('**/storage/**', async (route) => {
      if (route.request().method() === 'PUT' && put++ % 10 < 3) {
        failed++;
        await route.fulfill({ status: 500, headers: { 'access-control-allow-origin': '*' }, body: 'fault' });
        return;
      }
      await route.continue();
    });
    const dir = await mkdtemp(path.join(tmpdir(), 'imprint-e2e-'));
    const files = await makeImages(dir, 10);
    await dropInput(page).setInputFiles(files);
    await page.getByLabel(/Watermark texts for every file/).fill('retry test');
    await page.getByRole('button', { name: 'Apply the same texts to every file' }).click();
    await page.getByRole('button', { name: 'Create order' }).click();
    await expectOrderFinishes(page, token, ['complete']);
    expect(failed).toBeGreaterThan(0);
  });

  test('a double click creates exactly one order', async ({ page, newAccount }) => {
    const token = await start(page, newAccount, 'anti-ai');
    await dropInput(page).setInputFiles(fixture('chelsea.png'));
    await page.getByRole('button', { name: 'Create order' }).dblclick();
    await expectOrderFinishes(page, token, ['complete']);
    expect(await listOrders(token)).toHaveLength(1);
  });

  test('a 100-file embed order', async ({ page, newAccount }) => {
    test.setTimeout(120_000);
    const token = await start(page, newAccount, 'embed');
    const dir = await mkdtemp(path.join(tmpdir(), 'imprint-e2e-'));
    const files = await makeImages(dir, 100);
    await dropInput(page).setInputFiles(files);
    await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(100);
    await page.getByLabel(/Watermark texts for every file/).fill('batch');
    await page.getByRole('button', { name: 'Apply the same texts to every file' }).click();
    // Pressed from the keyboard: scrolling 100 rows to the button makes the windowed list measure the rows it draws,
    // and on a loaded CI machine the button moved between Playwright's scroll and its click (the click landed on a row).
    const create = page.getByRole('button', { name: 'Create order' });
    await expect(create).toBeEnabled({ timeout: 30_000 });
    await create.focus();
    await page.keyboard.press('Enter');
    const order = await expectOrderFinishes(page, token, ['complete']);
    expect(order.fileCount).toBe(100);
  });
});

test.describe('a broken image', () => {
  // The browser now refuses it before any order exists (file-checks.spec.ts); a service-side failure
  // with its error text is covered by orders.spec.ts ("a failed order shows its error text").
  test('a broken image is refused before the order, so nothing can be created from it', async ({ page, newAccount }) => {
    await start(page, newAccount, 'anti-ai');
    await dropInput(page).setInputFiles(fixture('truncated.jpg'));
    await expect(page.getByRole('alert')).toContainText('truncated.jpg: the JPEG is cut off');
    await expect(page.getByRole('button', { name: 'Create order' })).toBeDisabled();
  });
});

test('a pending order is resumed on its page after a reload', async ({ page, newAccount }) => {
  const token = await start(page, newAccount, 'anti-ai');
  // coins.png never reaches the store in this page's life: its PUT hangs.
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v2/orders/anti-ai') && r.request().method() === 'POST');
  await page.route('**/storage/**', async (route) => {
    const body = (await (await created).json()) as { data: { files: { fileName: string; uploadUrl?: string }[] } };
    const coins = body.data.files.find((f) => f.fileName === 'coins.png')?.uploadUrl ?? '';
    if (route.request().method() === 'PUT' && new URL(coins).pathname === new URL(route.request().url()).pathname) return;
    await route.continue();
  });
  await dropInput(page).setInputFiles([fixture('chelsea.png'), fixture('coins.png')]);
  await page.getByRole('button', { name: 'Create order' }).click();
  const rows = page.getByTestId('upload-row');
  await expect(rows.filter({ hasText: 'chelsea.png' })).toContainText('Done');
  const href = await page.getByRole('link', { name: 'Open the order' }).getAttribute('href');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(dialogs).toEqual(['beforeunload']);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto(href!);
  const expected = page.getByRole('list', { name: 'Files still expected' });
  await expect(expected).toHaveText('coins.png');
  await dropInput(page).setInputFiles([fixture('chelsea.png'), fixture('coins.png')]);
  await expect(page.getByText('chelsea.png: already uploaded, skipped')).toBeVisible();
  await page.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect.poll(async () => (await getOrder(token, decodeURIComponent(href!.split('/').pop()!))).status, { timeout: 60_000 }).toBe('complete');
});

async function makeImages(dir: string, count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const file = path.join(dir, `img-${String(i).padStart(3, '0')}.png`);
      await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: (i * 7) % 255, g: 100, b: 50 } } })
        .png()
        .toFile(file);
      return file;
    }),
  );
}

