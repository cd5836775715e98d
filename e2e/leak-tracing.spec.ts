import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { putFile } from '../scripts/stack/signed-in';
import { catalog } from './support/catalog';
import { call } from './support/emulator-api';
import { apiLogin, expect, seedSession, test } from './support/fixtures';

/*
 * Issue 28, the whole loop: copies for three recipients of two images in one embed order, Bob's copy of one image
 * found online (mirrored, cropped, re-saved as JPEG), traced on the extract page to Bob and to the embed order, and
 * the evidence report printed to PDF (A4 and Letter) holding the found file's SHA-256 and Bob's name. In en, ko, ja.
 */
const IMAGES = ['chelsea.png', 'coins.png'] as const;
const RECIPIENTS = ['Alice', 'Bob', 'Carol'] as const;
const TEMPLATE = '{owner} for {recipient} · {date}';
const DATE = '2026-11-27';
const BROWSER_LANGUAGE = { en: 'en-US', ko: 'ko-KR', ja: 'ja-JP' } as const;

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const copyName = (image: string, recipient: string) => image.replace(/\.(\w+)$/, `--${recipient}.$1`);
const textFor = (recipient: string) => TEMPLATE.replace('{owner}', 'Imprint E2E').replace('{recipient}', recipient).replace('{date}', DATE);

for (const locale of ['en', 'ko', 'ja'] as const) {
  const t = catalog(locale);

  test.describe(`leak tracing in ${locale}`, () => {
    test.use({ locale: BROWSER_LANGUAGE[locale] });

    test("Bob's mirrored, cropped JPEG copy is traced to Bob and the embed order, and the evidence prints", async ({ page, newAccount }, testInfo) => {
      test.setTimeout(240_000);
      const { token, body } = await apiLogin(newAccount);
      const account = `user:${body.user.id}`;

      // 1. 3 recipients × 2 images, one embed order, each copy with its own readable text.
      const files = IMAGES.flatMap((image) => RECIPIENTS.map((recipient) => ({ image, recipient, fileName: copyName(image, recipient), text: textFor(recipient) })));
      const created = await call<{ orderId: string; files: { fileName: string; uploadUrl: string }[] }>(token, 'POST', '/api/v2/orders/wtr-embed', {
        idempotencyKey: randomUUID(),
        files: files.map((f) => ({ fileName: f.fileName, watermarks: [{ text: f.text }] })),
      });
      const embedOrderId = created.orderId;
      for (const issued of created.files) {
        const file = files.find((f) => f.fileName === issued.fileName)!;
        await putFile(issued.uploadUrl, fixture(file.image), 'image/png');
      }
      await expect.poll(async () => (await call<{ status: string }>(token, 'GET', `/api/v2/orders/${embedOrderId}`)).status, { timeout: 120_000 }).toBe('complete');
      const embedOrder = await call<{ createdAt: string }>(token, 'GET', `/api/v2/orders/${embedOrderId}`);

      // 2. Bob's copy of chelsea.png from the result ZIP: mirrored, cropped a little, saved as JPEG q85.
      const { downloadUrl } = await call<{ downloadUrl: string }>(token, 'GET', `/api/v2/orders/${embedOrderId}/download`);
      const zip = unzipSync(new Uint8Array(await (await fetch(downloadUrl)).arrayBuffer()));
      const bobName = Object.keys(zip).find((name) => name.endsWith(copyName('chelsea.png', 'Bob')));
      expect(bobName, `Bob's copy in ${Object.keys(zip).join(', ')}`).toBeTruthy();
      const bobCopy = zip[bobName!]!;
      const { width = 0, height = 0 } = await sharp(bobCopy).metadata();
      const cut = { left: Math.round(width * 0.03), top: Math.round(height * 0.03), width: Math.round(width * 0.94), height: Math.round(height * 0.94) };
      const found = await sharp(bobCopy).flop().extract(cut).jpeg({ quality: 85 }).toBuffer();
      const foundPath = testInfo.outputPath('chelsea-found-online.jpg');
      writeFileSync(foundPath, found);
      const foundSha = sha256(found);

      // The ledger this browser would have recorded when the copies were made (as exported by the ledger panel).
      const entries = files.map((f) => ({
        id: randomUUID(),
        recipient: f.recipient,
        kind: 'text',
        text: f.text,
        template: TEMPLATE,
        image: f.image,
        copyName: f.fileName,
        sourceSha256: sha256(fixture(f.image)),
        ...(f.fileName === bobName!.split('/').pop() ? { copySha256: sha256(bobCopy) } : {}),
        orderId: embedOrderId,
        createdAt: embedOrder.createdAt,
        account,
      }));
      const ledgerFile = { name: 'imprint-ledger.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ format: 'imprint-ledger', version: 1, entries })) };

      // 3. Extract it on the extract page.
      await seedSession(page, newAccount);
      await page.goto('/orders/new/extract');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.locator('input[type=file]').first().setInputFiles(foundPath);
      await expect(page.getByRole('list', { name: t('Chosen files') }).getByRole('listitem')).toHaveCount(1);
      await page.getByRole('button', { name: t('Create order') }).click();
      await expect(page).toHaveURL(/\/orders\/[^/]+$/, { timeout: 60_000 });
      const extractOrderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

      const panel = page.getByTestId('owner-panel');
      await expect(panel, 'the mirrored copy was found (status detected)').toBeVisible({ timeout: 90_000 });
      // Before the ledger is here, the readable template already names Bob, and the import is offered.
      await expect(panel.getByTestId('owner-recipient')).toHaveText('Bob');
      await expect(panel).toContainText(t('A copy is traced by the watermark it carries. A recipient who strips the watermark, or passes on a copy where it can no longer be read, cannot be traced.'));
      await panel.getByLabel(t('Ledger file (CSV or JSON)')).setInputFiles(ledgerFile);
      // With the ledger: Bob, and the embed order that made his copy, linked.
      const embedLink = panel.getByRole('link', { name: embedOrderId });
      await expect(embedLink).toBeVisible();
      await expect(embedLink).toHaveAttribute('href', `/orders/${embedOrderId}`);
      await expect(panel.getByTestId('owner-recipient')).toHaveText('Bob');

      // 4. The evidence report, printed to PDF.
      await panel.getByRole('link', { name: t('Open the evidence report') }).click();
      await expect(page).toHaveURL(new RegExp(`/orders/${extractOrderId}/evidence$`));
      const report = page.getByTestId('evidence-report');
      await expect(report.getByTestId('evidence-file-sha256')).toHaveText(foundSha);
      await expect(report.getByTestId('evidence-recipient')).toHaveText('Bob');
      await expect(report).toContainText(sha256(bobCopy));
      // After a reload the checked file's facts are still there (kept under the extract order's id).
      await page.reload();
      await expect(report.getByTestId('evidence-file-sha256')).toHaveText(foundSha);
      await expect(report.getByTestId('evidence-recipient')).toHaveText('Bob');

      for (const format of ['A4', 'Letter'] as const) {
        const pdfPath = testInfo.outputPath(`evidence-${format}.pdf`);
        await page.pdf({ path: pdfPath, format, printBackground: true });
        const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, '-'], { encoding: 'utf8' });
        // pdftotext breaks lines where the layout does (Korean between words too): compare without white space.
        const compact = text.replace(/\s+/g, '');
        const words = (english: string) => t(english).replace(/\s+/g, '');
        expect(compact, `${format}: the file's SHA-256`).toContain(foundSha);
        expect(text, `${format}: the recipient`).toContain('Bob');
        expect(compact, `${format}: the extract order id`).toContain(extractOrderId);
        expect(compact, `${format}: the embed order id`).toContain(embedOrderId);
        expect(compact, `${format}: the report's title, in the locale`).toContain(words('Watermark evidence report'));
        // The print stylesheet leaves the app's frame and buttons out.
        expect(compact).not.toContain(words('Sign out'));
        expect(compact).not.toContain(words('Print / Save as PDF'));
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
  await expect.poll(async () => (await call<{ status: string }>(token, 'GET', `/api/v2/orders/${created.orderId}`)).status, { timeout: 120_000 }).toBe('complete');
  const { downloadUrl } = await call<{ downloadUrl: string }>(token, 'GET', `/api/v2/orders/${created.orderId}/download`);
  const zip = unzipSync(new Uint8Array(await (await fetch(downloadUrl)).arrayBuffer()));
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
