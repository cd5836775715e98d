import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import type { Download } from '@playwright/test';
import { getData } from './support/emulator-api';
import { expect, seedSession, test } from './support/fixtures';

/** 205 distinct 8×8 PNGs in two folder levels (two named alike) plus a text file: one folder that becomes a batch of 3 orders. */
async function makeFolder(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'imprint-batch-'));
  const folder = path.join(root, 'shoot');
  await mkdir(path.join(folder, 'day 2'), { recursive: true });
  await Promise.all(
    Array.from({ length: 205 }, async (_, i) => {
      // Every image its own colour: the list refuses a second copy of the same content.
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: i % 256, g: Math.floor(i / 256) * 40, b: 7 } } })
        .png()
        .toBuffer();
      // The last one repeats the first one's name in another folder, as cameras do: it is renamed, not refused.
      const name = i === 204 ? 'img-001.png' : `img-${String(i + 1).padStart(3, '0')}.png`;
      await writeFile(i < 120 ? path.join(folder, name) : path.join(folder, 'day 2', name), png);
    }),
  );
  await writeFile(path.join(folder, 'notes.txt'), 'not an image');
  return folder;
}

interface OrderBody {
  orderId: string;
  orderName: string;
  status: string;
  fileCount: number;
}

test('a folder of 205 images becomes a batch of 3 orders that upload, finish and download from one page', async ({ page, newAccount }) => {
  // The e2e stack's emulator spends 300 ms on each file (EMULATOR_PROCESSING_DELAY_MS): 205 files are about a minute of processing alone.
  test.setTimeout(150_000);
  const folder = await makeFolder();
  const { token } = await seedSession(page, newAccount);
  // The ZIP is saved through a Blob download here (showSaveFilePicker would open the system's dialog).
  await page.addInitScript(() => delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker);
  await page.goto('/orders/new/anti-ai');

  await page.locator('input[data-folder-input]').setInputFiles(folder);
  await expect(page.getByTestId('skipped-summary')).toHaveText('1 file skipped: 1 not an image');
  await expect(page.getByText('205 images: they will be sent as 3 orders')).toBeVisible();
  // Windowed: far fewer rows exist than files, and each tells its place in the whole list.
  const rows = page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem');
  await expect(rows.first()).toHaveAttribute('aria-setsize', '205');
  expect(await rows.count()).toBeLessThan(40);
  await expect(rows.first()).toContainText('in shoot');

  await page.getByLabel('Batch name (optional)').fill('Shoot');
  const create = page.getByRole('button', { name: 'Create 3 orders' });
  await expect(create).toBeEnabled({ timeout: 30_000 });
  await create.click();

  await expect(page).toHaveURL(/\/orders\/batches\/[^/]+$/, { timeout: 45_000 });
  await expect(page.getByTestId('batch-summary')).toContainText('3 of 3 orders finished', { timeout: 100_000 });

  const { orders } = await getData<{ orders: OrderBody[] }>(token, '/api/v2/orders?limit=100');
  // Exactly three orders: no order was created twice.
  expect(orders.map((o) => [o.orderName, o.fileCount, o.status]).sort()).toEqual([
    ['Shoot 1/3', 100, 'complete'],
    ['Shoot 2/3', 100, 'complete'],
    ['Shoot 3/3', 5, 'complete'],
  ]);

  const downloads: Download[] = [];
  page.on('download', (d) => downloads.push(d));
  await page.getByRole('button', { name: 'Download all 3 results as one ZIP' }).click();
  await expect.poll(() => downloads.length, { timeout: 15_000 }).toBe(1);
  expect(downloads[0]!.suggestedFilename()).toBe('Shoot.zip');
  // Every image is in the one ZIP once, where it sat in the chosen folder "shoot" (the order named the second
  // img-001.png "shoot - img-001.png"; the ZIP puts it back as img-001.png beside "day 2/img-001.png").
  const names = Object.keys(unzipSync(await readFile((await downloads[0]!.path())!)));
  expect(names).toHaveLength(205);
  expect(names.filter((n) => n.endsWith('img-001.png')).sort()).toEqual(['day 2/img-001.png', 'img-001.png']);

  // Later, the batch is found again from the orders list.
  const batchUrl = page.url();
  await page.getByRole('link', { name: 'Back to orders' }).click();
  const batches = page.getByRole('region', { name: 'Batches sent from this browser' });
  await expect(batches).toContainText('3 orders');
  await batches.getByRole('link', { name: 'Shoot' }).click();
  await expect(page).toHaveURL(batchUrl);
  await expect(page.getByTestId('batch-summary')).toContainText('3 of 3 orders finished');
});
