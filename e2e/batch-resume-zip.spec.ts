import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { getData } from './support/emulator-api';
import { expect, seedSession, test } from './support/fixtures';

/**
 * Issue 25 points 4–7 on the batch and new-order pages: a batch from nested folders resumed from the batch page
 * by content after a reload, one streamed ZIP with the folders kept, empty folders and skipped files said, and
 * automatic order names in local time. Each in Asia/Seoul and in UTC.
 */

const png = (i: number) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: i % 256, g: (i * 7) % 256, b: 200 } } })
    .png()
    .toBuffer();

/** shoot/photo-001…060.png and shoot/raw/photo-001…045.png (the same names, other pictures) plus a text file: 105 images, 2 orders. */
async function nestedFolder(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'imprint-resume-'));
  const shoot = path.join(root, 'shoot');
  await mkdir(path.join(shoot, 'raw'), { recursive: true });
  const name = (i: number) => `photo-${String(i).padStart(3, '0')}.png`;
  await Promise.all([
    ...Array.from({ length: 60 }, async (_, i) => writeFile(path.join(shoot, name(i + 1)), await png(i))),
    ...Array.from({ length: 45 }, async (_, i) => writeFile(path.join(shoot, 'raw', name(i + 1)), await png(100 + i))),
  ]);
  await writeFile(path.join(shoot, 'raw', 'notes.txt'), 'not an image');
  return shoot;
}

interface OrderBody {
  orderId: string;
  orderName: string;
  status: string;
  fileCount: number;
  createdAt: string;
}

async function ordersOf(token: string): Promise<OrderBody[]> {
  return (await getData<{ orders: OrderBody[] }>(token, '/api/v2/orders?limit=100')).orders;
}

/** "2026-11-27 00:45:23" for an instant in a zone of fixed offset (Seoul has no daylight saving). */
function stampIn(instant: string, offsetHours: number): string {
  return new Date(Date.parse(instant) + offsetHours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Lets the first `pass` storage PUTs through and holds every later one unanswered: a tab closed mid-upload. */
async function holdPutsAfter(page: Page, pass: number): Promise<() => number> {
  let seen = 0;
  await page.route(
    (url) => url.pathname.includes('/storage/') || url.pathname.includes('upload'),
    (route: Route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      seen++;
      if (seen <= pass) return route.fallback();
      return new Promise<void>(() => {}); // never answered
    },
  );
  return () => seen;
}

for (const timezoneId of ['Asia/Seoul', 'UTC']) {
  test.describe(`uploads in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('a batch from nested folders resumes from its page by content after a reload, and downloads as one ZIP with its folders', async ({ page, newAccount }) => {
      test.setTimeout(240_000);
      const shoot = await nestedFolder();
      const { token } = await seedSession(page, newAccount);
      // The Blob path in Seoul; in UTC a stand-in for showSaveFilePicker collects what is written to the "file".
      if (timezoneId === 'UTC') {
        await page.addInitScript(() => {
          const chunks: number[][] = [];
          (window as unknown as { __zip: number[][] }).__zip = chunks;
          (window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async () => ({
            createWritable: async () => ({
              write: async (data: Uint8Array) => void chunks.push(Array.from(data)),
              close: async () => void ((window as unknown as { __zipClosed: boolean }).__zipClosed = true),
              abort: async () => {},
            }),
          });
        });
      } else {
        await page.addInitScript(() => delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker);
      }
      await page.goto('/orders/new/anti-ai');
      await page.locator('input[data-folder-input]').setInputFiles(shoot);
      await expect(page.getByTestId('skipped-summary')).toHaveText('1 file skipped: 1 not an image');
      await expect(page.getByTestId('skipped-files')).toHaveText('shoot/raw/notes.txt: not an image of an accepted format');
      await page.getByLabel('Batch name (optional)').fill('Nested');
      const countPuts = await holdPutsAfter(page, 30);
      const create = page.getByRole('button', { name: 'Create 2 orders' });
      await expect(create).toBeEnabled({ timeout: 30_000 });
      await create.click();
      await expect.poll(countPuts, { timeout: 45_000 }).toBeGreaterThan(33);

      // The tab is reloaded mid-upload: the form is empty again and says a batch did not finish.
      page.on('dialog', (dialog) => void dialog.accept());
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.reload();
      const notice = page.getByTestId('unfinished-batches');
      await expect(notice).toContainText('A batch sent from this browser did not finish uploading.');
      await expect(notice).toContainText('(2 of 2 orders not finished)');
      await notice.getByRole('link', { name: 'Finish “Nested”' }).click();
      await expect(page).toHaveURL(/\/orders\/batches\/[^/]+$/);

      // One place for the whole batch: no link to each order's own resume.
      await expect(page.getByTestId('batch-summary')).toContainText('2 orders wait for their files: finish their uploads below, on this page');
      const resume = page.getByRole('region', { name: "Finish this batch's uploads" });
      await expect(resume).toContainText('The orders below still wait for');
      await expect(page.getByRole('link', { name: 'Resume the upload' })).toHaveCount(0);
      await expect(resume.getByRole('button', { name: 'Choose a folder' })).toBeVisible();
      await expect(resume.getByRole('button', { name: 'Choose files' })).toBeVisible();

      // The raw folder through "Choose a folder", then the top folder's files picked loose: their names are the raw
      // folder's names again, and they are taken by content, never refused for a name.
      await resume.locator('input[data-folder-input]').setInputFiles(path.join(shoot, 'raw'));
      const topFiles = (await readdir(shoot)).filter((n) => n.endsWith('.png')).map((n) => path.join(shoot, n));
      await page.getByLabel("Drop the batch's folder or files", { exact: true }).setInputFiles(topFiles);
      await expect(resume).not.toContainText('a file with this name is already in the list');
      await expect(resume.getByRole('alert')).toHaveCount(0);
      await expect(resume).toContainText('files are already uploaded: skipped.', { timeout: 30_000 });
      const upload = resume.getByRole('button', { name: /^Upload \d+ files$/ });
      await expect(upload).toBeEnabled({ timeout: 30_000 });
      // Every file still expected was found, and every other file was recognised as uploaded already.
      const sent = Number((await upload.textContent())!.match(/\d+/)![0]);
      const waited = Number((await resume.getByText(/^The orders below still wait for \d+ files/).textContent())!.match(/\d+/)![0]);
      const alreadyUp = Number((await resume.getByTestId('resume-already-up').textContent())!.match(/\d+/)![0]);
      expect(sent).toBe(waited);
      expect(sent + alreadyUp).toBe(105);
      expect(alreadyUp).toBeGreaterThanOrEqual(30);
      await upload.click();
      await expect(page.getByText('Every waiting order of this batch has its files and is confirmed; processing has started.')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('batch-summary')).toContainText('2 of 2 orders finished', { timeout: 90_000 });
      const orders = await ordersOf(token);
      expect(orders.map((o) => [o.orderName, o.fileCount, o.status]).sort()).toEqual([
        ['Nested 1/2', 100, 'complete'],
        ['Nested 2/2', 5, 'complete'],
      ]);

      // One ZIP, the folders as chosen. The first read of the first result answers 403 (an expired link): a new link is asked.
      let firstRead = true;
      await page.route(
        (url) => url.pathname.includes('/downloads/') && url.pathname.endsWith('.zip'),
        (route) => {
          if (route.request().method() === 'GET' && firstRead) {
            firstRead = false;
            return route.fulfill({ status: 403, body: 'expired' });
          }
          return route.fallback();
        },
      );
      const button = page.getByRole('button', { name: 'Download all 2 results as one ZIP' });
      let zip: Record<string, Uint8Array>;
      if (timezoneId === 'UTC') {
        await button.click();
        await expect(page.getByText(/^Nested\.zip is saved: 105 files/)).toBeVisible({ timeout: 60_000 });
        const written = await page.evaluate(() => ({ chunks: (window as unknown as { __zip: number[][] }).__zip, closed: (window as unknown as { __zipClosed?: boolean }).__zipClosed }));
        expect(written.closed).toBe(true);
        // Streamed: written in many pieces as it was made, not as one buffer at the end.
        expect(written.chunks.length).toBeGreaterThan(105);
        zip = unzipSync(new Uint8Array(written.chunks.flat()));
      } else {
        const downloading = page.waitForEvent('download');
        await button.click();
        const download = await downloading;
        expect(download.suggestedFilename()).toBe('Nested.zip');
        await expect(page.getByText(/^Nested\.zip is saved: 105 files/)).toBeVisible({ timeout: 60_000 });
        zip = unzipSync(await readFile((await download.path())!));
      }
      const names = Object.keys(zip).sort();
      expect(names).toHaveLength(105);
      expect(names.filter((n) => n.startsWith('raw/'))).toHaveLength(45);
      expect(names).toContain('photo-001.png');
      expect(names).toContain('raw/photo-001.png');
      expect(names.some((n) => n.includes(' - '))).toBe(false);
      expect(firstRead).toBe(false);
    });

    test('an empty folder is said, skipped files are named, and an order without a name is named in local time', async ({ page, newAccount }) => {
      const root = await mkdtemp(path.join(tmpdir(), 'imprint-folders-'));
      await mkdir(path.join(root, 'empty', 'inner'), { recursive: true });
      await mkdir(path.join(root, 'mixed'), { recursive: true });
      await writeFile(path.join(root, 'mixed', 'a.png'), await png(1));
      await writeFile(path.join(root, 'mixed', 'notes.txt'), 'text');
      await writeFile(path.join(root, 'mixed', 'blank.png'), '');
      const { token } = await seedSession(page, newAccount);
      await page.goto('/orders/new/anti-ai');

      const folderInput = page.locator('input[data-folder-input]');
      await folderInput.evaluate((input: HTMLInputElement) => input.dispatchEvent(new Event('change', { bubbles: true })));
      await expect(page.getByTestId('drop-zone-empty')).toHaveText('Nothing was added: the folder is empty (or holds only empty folders).');

      await folderInput.setInputFiles(path.join(root, 'mixed'));
      await expect(page.getByTestId('drop-zone-empty')).toBeEmpty();
      await expect(page.getByTestId('skipped-summary')).toHaveText('2 files skipped: 1 not an image, 1 empty');
      await expect(page.getByTestId('skipped-files').getByRole('listitem')).toHaveText(['mixed/blank.png: the file is empty', 'mixed/notes.txt: not an image of an accepted format']);

      // The hint shows the name the order will get, in the local time of this browser.
      await expect(page.getByText(/when empty the order is named after the kind and your local time, e\.g\. “Anti-AI \d{4}-\d\d-\d\d \d\d:\d\d:\d\d”/)).toBeVisible();
      const create = page.getByRole('button', { name: 'Create order' });
      await expect(create).toBeEnabled({ timeout: 20_000 });
      await create.click();
      await expect(page).toHaveURL(/\/orders\/[^/]+$/, { timeout: 30_000 });
      const [order] = await ordersOf(token);
      const offset = timezoneId === 'UTC' ? 0 : 9;
      // The name is the local time of creation (the browser's clock, a second or two before the service's createdAt).
      const named = order!.orderName.replace(/^Anti-AI /, '');
      const createdLocal = stampIn(order!.createdAt, offset);
      expect(Math.abs(Date.parse(named.replace(' ', 'T') + 'Z') - Date.parse(createdLocal.replace(' ', 'T') + 'Z'))).toBeLessThan(5_000);
      if (timezoneId === 'Asia/Seoul') expect(named.slice(0, 13)).not.toBe(stampIn(order!.createdAt, 0).slice(0, 13));

      // Embed orders take no name: the form says the service names them in UTC.
      await page.goto('/orders/new/embed');
      await expect(page.getByTestId('service-name-note')).toContainText('in UTC (not your local time), e.g. “Watermark embed ');
    });
  });
}
