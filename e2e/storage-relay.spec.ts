import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { finishedOrderId, signedIn, withStorageStack, type StorageStack } from './support/storage-stack';

/**
 * Storage that refuses this dashboard (its CORS rules, or the dashboard's own CSP) and the relay through the dashboard
 * server (UPLOAD_RELAY): docs/decisions/upload-relay.md.
 *
 * The browser logs each refusal itself ("blocked by CORS policy", "Refused to connect … Content Security Policy"):
 * these tests expect exactly those lines, so they keep their own console check instead of the shared fixture's.
 */

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

/** Console errors other than the browser's own words for the refusal a test provokes. */
function unexpectedConsole(page: Page, expected: RegExp[]) {
  const errors: string[] = [];
  const allowed = [/Failed to load resource/, ...expected];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && !allowed.some((re) => re.test(message.text()))) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** PUTs the page sent, as "where status": `storage` (direct) or `relay`. */
function watchPuts(page: Page, stack: StorageStack) {
  const puts: string[] = [];
  page.on('requestfinished', async (request) => {
    if (request.method() !== 'PUT') return;
    const url = new URL(request.url());
    const where = url.origin === stack.storageOrigin ? 'storage' : url.pathname === '/_relay' ? 'relay' : url.href;
    puts.push(`${where} ${(await request.response())?.status()}`);
  });
  page.on('requestfailed', (request) => {
    if (request.method() === 'PUT') puts.push(`${new URL(request.url()).origin === stack.storageOrigin ? 'storage' : request.url()} failed`);
  });
  return puts;
}

async function chooseAndCreate(page: Page, stack: StorageStack, files: string[]) {
  await page.goto(`${stack.dashboardUrl}/orders/new/anti-ai`);
  await page.locator('input[type=file]').first().setInputFiles(files.map(fixture));
  await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(files.length);
  await page.getByRole('button', { name: 'Create order' }).click();
}

const CORS_REFUSED = /blocked by CORS policy/;
const CSP_REFUSED = /Content Security Policy/;

test.describe('storage that refuses this dashboard', () => {
  test('CORS none, UPLOAD_RELAY=auto: the anti-AI journey goes through the relay, and the page says it switched', async ({ page }) => {
    test.setTimeout(120_000);
    await withStorageStack({ storageCors: 'none', uploadRelay: 'auto' }, async (stack) => {
      const errors = unexpectedConsole(page, [CORS_REFUSED]);
      const token = await signedIn(page, stack);
      const puts = watchPuts(page, stack);
      await chooseAndCreate(page, stack, ['chelsea.png', 'rocket.jpg']);

      await finishedOrderId(page, stack, token);
      // Said once, in the app's frame, naming the storage and whose rule refused.
      const notice = page.getByTestId('storage-relay-notice');
      await expect(notice).toHaveCount(1);
      await expect(notice).toContainText(`The storage at ${stack.storageOrigin} refuses this page: its CORS rules do not allow ${stack.dashboardUrl}`);
      await expect(notice).toContainText('Files now go through the dashboard server for the rest of this session.');
      // Each file went up once through the relay; the direct tries got no answer.
      expect(puts.filter((p) => p.startsWith('relay'))).toEqual(['relay 200', 'relay 200']);
      expect(puts.filter((p) => p.startsWith('storage')).every((p) => p === 'storage failed')).toBe(true);

      // The results come the same way: the download is relayed too.
      await expect(page.getByRole('status', { name: 'Order status' })).toContainText('Complete', { timeout: 20_000 });
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download results (ZIP)' }).click();
      const download = await downloading;
      const url = new URL(download.url());
      expect([url.origin, url.pathname]).toEqual([stack.dashboardUrl, '/_relay']);
      expect(new URL(url.searchParams.get('url')!).origin).toBe(stack.storageOrigin);
      const zip = await readFile((await download.path())!);
      expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      expect(errors).toEqual([]);
    });
  });

  test('CORS none, UPLOAD_RELAY=never: the user reads that the storage\'s CORS rules refuse this origin', async ({ page }) => {
    await withStorageStack({ storageCors: 'none', uploadRelay: 'never' }, async (stack) => {
      const errors = unexpectedConsole(page, [CORS_REFUSED]);
      await signedIn(page, stack);
      const puts = watchPuts(page, stack);
      await chooseAndCreate(page, stack, ['coins.png']);

      const progress = page.getByRole('region', { name: 'Upload progress' });
      const row = progress.getByTestId('upload-row');
      await expect(row.getByText(`Failed: The storage at ${stack.storageOrigin} refused this page: its CORS rules do not allow ${stack.dashboardUrl}.`, { exact: false })).toBeVisible({ timeout: 30_000 });
      await expect(progress).toContainText('or set UPLOAD_RELAY=auto on the dashboard server');
      await expect(progress).not.toContainText(/network error/i);
      // Explained at the first refusal: no blind retries, no relay.
      expect(puts).toEqual(['storage failed']);
      await expect(page.getByTestId('storage-relay-notice')).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  });

  test('a storage origin missing from STORAGE_ORIGINS (the CSP blocks it): the message names the origin and STORAGE_ORIGINS', async ({ page }) => {
    await withStorageStack({ storageCors: '*', storageOrigins: [], uploadRelay: 'never' }, async (stack) => {
      const errors = unexpectedConsole(page, [CSP_REFUSED]);
      await signedIn(page, stack);
      await chooseAndCreate(page, stack, ['coins.png']);
      const progress = page.getByRole('region', { name: 'Upload progress' });
      await expect(
        progress.getByTestId('upload-row').getByText(`Failed: This dashboard's Content-Security-Policy blocked ${stack.storageOrigin}. Add ${stack.storageOrigin} to the STORAGE_ORIGINS setting of the dashboard server and restart it.`),
      ).toBeVisible({ timeout: 30_000 });
      expect(errors).toEqual([]);
    });
  });

  test('the same CSP block with UPLOAD_RELAY=auto: uploaded through the relay, and the note names STORAGE_ORIGINS', async ({ page }) => {
    test.setTimeout(120_000);
    await withStorageStack({ storageCors: '*', storageOrigins: [], uploadRelay: 'auto' }, async (stack) => {
      const errors = unexpectedConsole(page, [CSP_REFUSED]);
      const token = await signedIn(page, stack);
      const puts = watchPuts(page, stack);
      await chooseAndCreate(page, stack, ['coins.png']);
      await finishedOrderId(page, stack, token);
      await expect(page.getByTestId('storage-relay-notice')).toContainText(
        `This dashboard's Content-Security-Policy blocks ${stack.storageOrigin}: it is not in the STORAGE_ORIGINS setting.`,
      );
      expect(puts.filter((p) => p.startsWith('relay'))).toEqual(['relay 200']);
      // The thumbnail is read through the relay as well (the CSP's img-src leaves the storage out too).
      await expect(page.getByRole('img', { name: /Thumbnail/ }).first()).toHaveAttribute('src', /^\/_relay\?url=/, { timeout: 20_000 });
      expect(errors).toEqual([]);
    });
  });
});
