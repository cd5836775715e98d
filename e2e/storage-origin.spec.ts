import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { dashboardOrigin, finishedOrderId, signedIn, withStorageStack, type StorageStack } from './support/storage-stack';

/**
 * Storage on its own origin, answering as S3 does (EMULATOR_STORAGE_PORT): presigned URLs on another origin than the
 * dashboard's, the bucket's CORS rule, XML errors, X-Amz-* query parameters. docs/decisions/storage-origin.md.
 */

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

/** Every answer the page gets from storage's origin. */
function watchStorage(page: Page, stack: StorageStack) {
  const seen: { method: string; status: number }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).origin !== stack.storageOrigin) return;
    seen.push({ method: response.request().method(), status: response.status() });
  });
  return seen;
}

test.describe('storage on its own origin (S3-like)', () => {
  test('CORS lists the dashboard: the anti-AI journey uploads and downloads directly', async ({ page }) => {
    // The relay at its default (auto): storage takes this origin, so it must never be used.
    await withStorageStack({ storageCors: [dashboardOrigin] }, async (stack) => {
      expect(new URL(stack.storageOrigin).origin).not.toBe(new URL(stack.dashboardUrl).origin);
      const token = await signedIn(page, stack);
      const storage = watchStorage(page, stack);
      const relayed: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PUT' && new URL(request.url()).origin !== stack.storageOrigin) relayed.push(request.url());
      });

      await page.goto(`${stack.dashboardUrl}/orders/new/anti-ai`);
      await page.locator('input[type=file]').first().setInputFiles([fixture('chelsea.png'), fixture('rocket.jpg')]);
      await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(2);
      await page.getByRole('button', { name: 'Create order' }).click();
      await finishedOrderId(page, stack, token);

      // Straight to storage's origin, S3-style URLs, no relay; each PUT answered 200.
      const puts = storage.filter((r) => r.method === 'PUT');
      expect(puts.map((r) => r.status)).toEqual([200, 200]);
      expect(relayed).toEqual([]);

      await expect(page.getByRole('status', { name: 'Order status' })).toContainText('Complete', { timeout: 20_000 });
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download results (ZIP)' }).click();
      const download = await downloading;
      const url = new URL(download.url());
      expect(url.origin).toBe(stack.storageOrigin);
      expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
      const zip = await readFile((await download.path())!);
      // A ZIP (PK\x03\x04) holding both results.
      expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      expect(zip.includes(Buffer.from('chelsea.png')) && zip.includes(Buffer.from('rocket.jpg'))).toBe(true);
    });
  });

  test('an S3-style upload URL that expired (403 AccessDenied, XML) is renewed and the upload completes', async ({ page }) => {
    const TTL_S = 4;
    await withStorageStack({ storageCors: [dashboardOrigin], uploadRelay: 'never', uploadUrlTtlSeconds: TTL_S }, async (stack) => {
      const token = await signedIn(page, stack);
      const storage = watchStorage(page, stack);
      let refreshCalls = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/refresh-urls')) refreshCalls++;
      });
      // The first PUT of each file is held until its URL has expired, then sent as it was: storage itself refuses it.
      const held = new Map<string, string>();
      await page.route(`${stack.storageOrigin}/storage/**`, async (route) => {
        const key = new URL(route.request().url()).pathname;
        if (route.request().method() !== 'PUT' || held.has(key)) return route.continue();
        held.set(key, '');
        await new Promise((resolve) => setTimeout(resolve, (TTL_S + 1.5) * 1000));
        // Playwright's own fetch of the held request: storage's real answer is passed on.
        const response = await route.fetch();
        held.set(key, await response.text());
        await route.fulfill({ response });
      });

      await page.goto(`${stack.dashboardUrl}/orders/new/anti-ai`);
      await page.locator('input[type=file]').first().setInputFiles([fixture('coins.png')]);
      await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(1);
      await page.getByRole('button', { name: 'Create order' }).click();
      await finishedOrderId(page, stack, token);

      const puts = storage.filter((r) => r.method === 'PUT');
      expect(puts.map((r) => r.status)).toEqual([403, 200]);
      expect([...held.values()]).toEqual([expect.stringMatching(/<Error><Code>AccessDenied<\/Code><Message>Request has expired<\/Message>/)]);
      expect(refreshCalls).toBeGreaterThanOrEqual(1);
    });
  });
});
