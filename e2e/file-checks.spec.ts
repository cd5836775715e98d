import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { callResponse, orderStatus } from './support/emulator-api';
import { expect, seedSession, test } from './support/fixtures';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const bytesOf = (name: string) => readFile(fixture(name));
/** A fixture's bytes under any name (Playwright does not mix paths and buffers in one drop). */
const asFile = async (name: string, as = name) => ({
  name: as,
  mimeType: name.endsWith('.png') ? 'image/png' : 'image/jpeg',
  buffer: await bytesOf(name),
});
const dropInput = (page: Page) => page.locator('input[type=file]').first();
const screenshot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(import.meta.dirname, '..', 'docs', 'screenshots', `${name}.png`) });
};

async function orderCount(token: string): Promise<number> {
  const res = await callResponse<{ orders: unknown[] }>(token, 'GET', '/api/v2/orders?limit=100');
  expect(res.status).toBe(200);
  return res.data.orders.length;
}

/** Every request that creates or changes an order. */
function orderWrites(page: Page): Request[] {
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/v2/orders')) writes.push(request);
  });
  return writes;
}

test('a corrupt file is refused with its reason before any order exists', async ({ page, newAccount }) => {
  const { token } = await seedSession(page, newAccount);
  const writes = orderWrites(page);
  await page.goto('/orders/new/anti-ai');
  await dropInput(page).setInputFiles([
    await asFile('chelsea.png'),
    await asFile('truncated.jpg'),
    { name: 'noise.png', mimeType: 'image/png', buffer: randomBytes(4096) },
  ]);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('truncated.jpg: the JPEG is cut off (its end-of-image marker is missing)');
  await expect(alert).toContainText('noise.png: could not be read as an image: the file is damaged or not really a PNG');
  const chosen = page.getByRole('list', { name: 'Chosen files' });
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await expect(chosen).toContainText('Checked: the image decodes');
  await expect(page.getByRole('button', { name: 'Create order' })).toBeEnabled();
  expect(writes.map((r) => r.url())).toEqual([]);
  expect(await orderCount(token)).toBe(0);
});

test('renamed duplicates are caught by content', async ({ page, newAccount }) => {
  await seedSession(page, newAccount);
  await page.goto('/orders/new/anti-ai');
  await dropInput(page).setInputFiles([fixture('chelsea.png'), fixture('rocket.jpg')]);
  const chosen = page.getByRole('list', { name: 'Chosen files' });
  await expect(chosen.getByText('Checked: the image decodes')).toHaveCount(2);
  // A second drop: the same bytes under a new name, plus a damaged file for the screenshot.
  await dropInput(page).setInputFiles([
    await asFile('chelsea.png', 'sunset-final.png'),
    await asFile('truncated.jpg'),
  ]);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('sunset-final.png: same content as chelsea.png');
  await expect(alert).toContainText('truncated.jpg: the JPEG is cut off');
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await expect(chosen).not.toContainText('sunset-final.png');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'file-checks');
});

test('resume after a reload sends only the missing files, recognised by content under new names', async ({ page, newAccount }) => {
  test.setTimeout(120_000);
  const { token } = await seedSession(page, newAccount);
  await page.goto('/orders/new/anti-ai');
  // coins.png and rocket.jpg never reach the store in this page's life: their PUTs hang.
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v2/orders/anti-ai') && r.request().method() === 'POST');
  await page.route('**/storage/**', async (route) => {
    const body = (await (await created).json()) as { data: { files: { fileName: string; uploadUrl?: string }[] } };
    const held = body.data.files.filter((f) => f.fileName !== 'chelsea.png').map((f) => new URL(f.uploadUrl!).pathname);
    if (route.request().method() === 'PUT' && held.includes(new URL(route.request().url()).pathname)) return;
    await route.continue();
  });
  await dropInput(page).setInputFiles([fixture('chelsea.png'), fixture('coins.png'), fixture('rocket.jpg')]);
  await expect(page.getByRole('list', { name: 'Chosen files' }).getByText('Checked: the image decodes')).toHaveCount(3);
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page.getByTestId('upload-row').filter({ hasText: 'chelsea.png' })).toContainText('Done');
  const href = (await page.getByRole('link', { name: 'Open the order' }).getAttribute('href'))!;
  const orderId = decodeURIComponent(href.split('/').pop()!);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await page.goto(href);
  await expect(page.getByRole('list', { name: 'Files still expected' }).getByRole('listitem')).toHaveText(['coins.png', 'rocket.jpg']);
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts.push(r.url());
  });
  await dropInput(page).setInputFiles([
    await asFile('chelsea.png'),
    await asFile('coins.png', 'IMG_0002.png'),
    await asFile('rocket.jpg', 'IMG_0003.jpg'),
  ]);
  await expect(page.getByText('IMG_0002.png is coins.png (renamed)')).toBeVisible();
  await expect(page.getByText('IMG_0003.jpg is rocket.jpg (renamed)')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Files not sent' })).toHaveText('chelsea.png: already uploaded, skipped');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'resume-by-hash');
  await page.getByRole('button', { name: 'Upload 2 files' }).click();
  // Once confirmed the order is no longer pending: the page swaps the resume panel for the order's status.
  await expect.poll(() => orderStatus(token, orderId), { timeout: 60_000 }).toBe('complete');
  await expect(page.getByRole('status', { name: 'Order status' })).toContainText('Complete', { timeout: 30_000 });
  expect(puts).toHaveLength(2);
});
