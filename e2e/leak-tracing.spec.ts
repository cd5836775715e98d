import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { catalog } from './support/catalog';
import { call, download, orderStatus, putFile } from './support/emulator-api';
import { apiLogin, expect, seedSession, test } from './support/fixtures';

/*
 * Issue 28, the whole loop, through the screens, in en, ko and ja:
 * 1. on the embed page's recipients mode, 3 recipients × 2 images become ONE embed order of 6 copies;
 * 2. the copies' ZIP (a folder per recipient) comes from the ledger panel, and Bob's copy of one image is "found
 *    online": mirrored, cropped, re-saved as JPEG;
 * 3. the extract page names Bob and links the embed order that made his copy;
 * 4. the evidence report prints to PDF (A4 and Letter) with the found file's SHA-256, Bob, both orders and the
 *    original copy's SHA-256;
 * 5. on another computer (a new browser, no ledger) the readable text still names Bob and a ledger import is offered;
 *    the exported ledger, imported there, links the order again.
 */
const IMAGES = ['chelsea.png', 'coins.png'] as const;
const RECIPIENTS = ['Alice', 'Bob', 'Carol'] as const;
const OWNER = 'Imprint E2E';
const DATE = '2026-11-27';
const BROWSER_LANGUAGE = { en: 'en-US', ko: 'ko-KR', ja: 'ja-JP' } as const;

const fixturePath = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
const fixture = (name: string) => readFileSync(fixturePath(name));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const textFor = (recipient: string) => `${OWNER} for ${recipient} · ${DATE}`;

for (const locale of ['en', 'ko', 'ja'] as const) {
  const t = catalog(locale);

  test.describe(`leak tracing in ${locale}`, () => {
    test.use({ locale: BROWSER_LANGUAGE[locale] });

    test("copies for 3 recipients; Bob's mirrored, cropped JPEG copy is traced to Bob and the order; the evidence prints", async ({ page, browser, newAccount }, testInfo) => {
      test.setTimeout(300_000);
      const { token } = await seedSession(page, newAccount);

      // 1. The recipients mode of the embed page: 3 recipients × 2 images, one order.
      await page.goto('/orders/new/embed');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.getByRole('radio', { name: t('Copies for recipients') }).check();
      await expect(page).toHaveURL(/mode=recipients/);
      const form = page.getByRole('form', { name: t('Copies for recipients') });
      await form.locator('input[type=file]').first().setInputFiles(IMAGES.map(fixturePath));
      await expect(page.getByRole('list', { name: t('Chosen files') }).getByRole('listitem')).toHaveCount(2);
      await page.getByLabel(t('Recipients (one per line)')).fill(RECIPIENTS.join('\n'));
      await page.getByLabel(t('Owner'), { exact: true }).fill(OWNER);
      await page.getByLabel(t('Date'), { exact: true }).fill(DATE);
      await page.getByRole('button', { name: t('Create order') }).click();
      await expect(page).toHaveURL(/\/orders\/[^/?]+$/, { timeout: 60_000 });
      const embedOrderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      const orders = await call<{ orders: { orderId: string; fileCount: number }[] }>(token, 'GET', '/api/v2/orders?limit=100');
      expect(orders.orders.map((o) => [o.orderId, o.fileCount])).toEqual([[embedOrderId, 6]]);
      await expect.poll(() => orderStatus(token, embedOrderId), { timeout: 120_000 }).toBe('complete');

      // 2. The copies' ZIP from the ledger panel, a folder per recipient; the ledger exported for step 5.
      await page.goto('/orders/new/embed?mode=recipients');
      const ledger = page.getByTestId('ledger-panel');
      const [zipDownload] = await Promise.all([
        page.waitForEvent('download'),
        ledger.getByRole('button', { name: t('Download the copies (ZIP, a folder per recipient)') }).click(),
      ]);
      const byRecipient = unzipSync(new Uint8Array(await readFile((await zipDownload.path())!)));
      expect(Object.keys(byRecipient).sort()).toEqual(
        RECIPIENTS.flatMap((r) => [`${r}/chelsea--${r}.png`, `${r}/coins--${r}.png`]).sort(),
      );
      const bobCopy = byRecipient['Bob/chelsea--Bob.png']!;
      // The copies' hashes are in the ledger before it is exported, so the other computer's report can quote them.
      await expect(ledger.getByText(/SHA-256/)).toContainText('6');
      const [ledgerDownload] = await Promise.all([page.waitForEvent('download'), ledger.getByRole('button', { name: t('Export JSON') }).click()]);
      const ledgerJson = await readFile((await ledgerDownload.path())!);

      const { width = 0, height = 0 } = await sharp(bobCopy).metadata();
      const cut = { left: Math.round(width * 0.03), top: Math.round(height * 0.03), width: Math.round(width * 0.94), height: Math.round(height * 0.94) };
      const found = await sharp(bobCopy).flop().extract(cut).jpeg({ quality: 85 }).toBuffer();
      const foundPath = testInfo.outputPath('chelsea-found-online.jpg');
      writeFileSync(foundPath, found);
      const foundSha = sha256(found);

      // 3. Extract it: the page names Bob and links the embed order, from this browser's ledger.
      await page.goto('/orders/new/extract');
      await page.locator('input[type=file]').first().setInputFiles(foundPath);
      await expect(page.getByRole('list', { name: t('Chosen files') }).getByRole('listitem')).toHaveCount(1);
      await page.getByRole('button', { name: t('Create order') }).click();
      await expect(page).toHaveURL(/\/orders\/[^/]+$/, { timeout: 60_000 });
      const extractOrderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      const panel = page.getByTestId('owner-panel');
      await expect(panel, 'the mirrored copy was found (status detected)').toBeVisible({ timeout: 90_000 });
      await expect(panel.getByTestId('owner-recipient')).toHaveText('Bob');
      const embedLink = panel.getByRole('link', { name: embedOrderId });
      await expect(embedLink).toHaveAttribute('href', `/orders/${embedOrderId}`);
      await expect(panel).toContainText(t('A copy is traced by the watermark it carries. A recipient who strips the watermark, or passes on a copy where it can no longer be read, cannot be traced.'));

      // 4. The evidence report, printed to PDF.
      await panel.getByRole('link', { name: t('Open the evidence report') }).click();
      await expect(page).toHaveURL(new RegExp(`/orders/${extractOrderId}/evidence$`));
      const report = page.getByTestId('evidence-report');
      await expect(report.getByTestId('evidence-file-sha256')).toHaveText(foundSha);
      await expect(report.getByTestId('evidence-recipient')).toHaveText('Bob');
      await expect(report).toContainText(sha256(bobCopy));
      for (const format of ['A4', 'Letter'] as const) {
        const pdfPath = testInfo.outputPath(`evidence-${format}.pdf`);
        await page.pdf({ path: pdfPath, format, printBackground: true });
        const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, '-'], { encoding: 'utf8' });
        // pdftotext breaks lines where the layout does (Korean between words too): compare without white space.
        const compact = text.replace(/\s+/g, '');
        const words = (english: string) => t(english).replace(/\s+/g, '');
        expect(compact, `${format}: the file's SHA-256`).toContain(foundSha);
        expect(compact, `${format}: the original copy's SHA-256`).toContain(sha256(bobCopy));
        expect(text, `${format}: the recipient`).toContain('Bob');
        expect(compact, `${format}: the extract order id`).toContain(extractOrderId);
        expect(compact, `${format}: the embed order id`).toContain(embedOrderId);
        expect(compact, `${format}: the report's title, in the locale`).toContain(words('Watermark evidence report'));
        // The print stylesheet leaves the app's frame and buttons out.
        expect(compact).not.toContain(words('Sign out'));
        expect(compact).not.toContain(words('Print / Save as PDF'));
      }

      // 5. Another computer: no ledger. The readable text still names Bob; the import brings the order back.
      const elsewhere = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: BROWSER_LANGUAGE[locale] });
      try {
        const other = await elsewhere.newPage();
        await seedSession(other, newAccount);
        await other.goto(`/orders/${encodeURIComponent(extractOrderId)}`);
        const otherPanel = other.getByTestId('owner-panel');
        await expect(otherPanel.getByTestId('owner-recipient')).toHaveText('Bob', { timeout: 30_000 });
        await expect(otherPanel.getByRole('link', { name: embedOrderId })).toHaveCount(0);
        await otherPanel.getByLabel(t('Ledger file (CSV or JSON)')).setInputFiles({ name: 'imprint-ledger.json', mimeType: 'application/json', buffer: ledgerJson });
        await expect(otherPanel.getByRole('link', { name: embedOrderId })).toHaveAttribute('href', `/orders/${embedOrderId}`);
        await expect(otherPanel.getByTestId('owner-recipient')).toHaveText('Bob');
      } finally {
        await elsewhere.close();
      }
    });
  });
}

test('a folder of found files gives a table: file → recipient, or no watermark', async ({ page, newAccount }, testInfo) => {
  test.setTimeout(180_000);
  const { token } = await apiLogin(newAccount);
  const created = await call<{ orderId: string; files: { uploadUrl: string }[] }>(token, 'POST', '/api/v2/orders/wtr-embed', {
    idempotencyKey: randomUUID(),
    files: [{ fileName: 'chelsea--Bob.png', watermarks: [{ text: textFor('Bob') }] }],
  });
  await putFile(created.files[0]!.uploadUrl, fixture('chelsea.png'), 'image/png');
  await expect.poll(() => orderStatus(token, created.orderId), { timeout: 120_000 }).toBe('complete');
  const { downloadUrl } = await call<{ downloadUrl: string }>(token, 'GET', `/api/v2/orders/${created.orderId}/download`);
  const zip = unzipSync(await download(downloadUrl));
  const bob = Object.entries(zip).find(([name]) => name.endsWith('chelsea--Bob.png'))![1];
  const bobPath = testInfo.outputPath('found-1.png');
  writeFileSync(bobPath, bob);
  const plainPath = testInfo.outputPath('found-2.png');
  writeFileSync(plainPath, fixture('coins.png'));

  await seedSession(page, newAccount);
  await page.goto('/orders/new/extract');
  await page.locator('input[type=file]').first().setInputFiles([bobPath, plainPath]);
  await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Create order' }).click();
  const table = page.getByRole('table', { name: 'Files and their recipients' });
  const row = (name: string) => table.getByRole('row').filter({ hasText: name });
  await expect(row('found-1.png').locator('[data-status]')).toHaveAttribute('data-status', 'detected', { timeout: 90_000 });
  await expect(row('found-1.png')).toContainText('Bob');
  await expect(row('found-1.png').getByRole('link', { name: 'Evidence report' })).toBeVisible();
  await expect(row('found-2.png').locator('[data-status]')).toHaveAttribute('data-status', 'undetected', { timeout: 90_000 });
  await expect(row('found-2.png')).toContainText('No watermark');
  await expect(page.getByText(/who strips the watermark/)).toBeVisible();

  // Each file was its own extract order, and its evidence report knows the file.
  await row('found-1.png').getByRole('link', { name: 'Evidence report' }).click();
  await expect(page.getByTestId('evidence-file-sha256')).toHaveText(createHash('sha256').update(bob).digest('hex'));
});
