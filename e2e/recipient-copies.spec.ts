import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { call, download, orderStatus } from './support/emulator-api';
import { expect, seedSession, test } from './support/fixtures';

/*
 * Issue 28, part 1: copies for recipients. Three recipients × two images become ONE embed order of six files named
 * `<image>--<recipient>.<ext>`, each with its own readable text; the ledger on the page records the six copies and its
 * CSV export holds Bob's rows.
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const IMAGES = ['chelsea.png', 'rocket.jpg'];
const RECIPIENTS = ['Alice Kim', 'Bob', 'Carol / Design'];
const DATE = '2026-11-27';

interface EmbedOrder {
  orderId: string;
  status: string;
  type: string;
  fileCount: number;
  watermarks: string[] | null;
}

test('3 recipients × 2 images make one embed order of 6 named copies, recorded in the ledger', async ({ page, newAccount }) => {
  test.setTimeout(180_000);
  const { token, body } = await seedSession(page, newAccount);
  const owner = body.user.email;
  await page.goto('/orders/new/embed');
  await page.getByRole('radio', { name: 'Copies for recipients' }).check();
  await expect(page).toHaveURL(/mode=recipients/);

  const form = page.getByRole('form', { name: 'Copies for recipients' });
  await form.locator('input[type=file]').first().setInputFiles(IMAGES.map((name) => path.join(FIXTURES, name)));
  await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(2);
  // Two pasted, one from a CSV file with a header and an e-mail.
  await page.getByLabel('Recipients (one per line)').fill('Alice Kim\nBob, bob@example.com');
  await page.getByLabel('Or import a CSV file').setInputFiles({ name: 'more.csv', mimeType: 'text/csv', buffer: Buffer.from('name,email,note\n"Carol / Design",carol@example.com,agency\nBob,,dup\n') });
  await expect(page.getByTestId('recipient-count')).toHaveText('3 recipients');
  await expect(page.getByText('more.csv: Line 3: Bob is already in the list.')).toBeVisible();
  await expect(page.getByLabel('Owner')).toHaveValue(owner);
  await page.getByLabel('Date', { exact: true }).fill(DATE);
  await expect(page.getByTestId('copies-summary')).toContainText('3 recipients × 2 images = 6 copies');
  await expect(page.getByTestId('copies-summary')).toContainText(`Example text: ${owner} for Alice Kim · ${DATE}`);

  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page).toHaveURL(/\/orders\/[^/?]+$/, { timeout: 60_000 });
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  // ONE order with six files: checked through the API (the only embed order of this fresh account).
  const orders = await call<{ orders: EmbedOrder[] }>(token, 'GET', '/api/v2/orders?limit=100');
  expect(orders.orders.map((o) => o.orderId)).toEqual([orderId]);
  await expect.poll(() => orderStatus(token, orderId), { timeout: 90_000 }).toBe('complete');
  const order = await call<EmbedOrder>(token, 'GET', `/api/v2/orders/${orderId}`);
  expect(order.type).toBe('watermarkEmbed');
  expect(order.fileCount).toBe(6);
  const texts = RECIPIENTS.map((r) => `${owner} for ${r} · ${DATE}`);
  for (const text of texts) expect(order.watermarks ?? []).toContain(text);

  // The file names the service keeps are in its result ZIP.
  const { downloadUrl } = await call<{ downloadUrl: string }>(token, 'GET', `/api/v2/orders/${orderId}/download`);
  const { unzipSync } = await import('fflate');
  const zip = unzipSync(await download(downloadUrl));
  expect(Object.keys(zip).map((n) => n.split('/').pop()).sort()).toEqual(
    [
      'chelsea--Alice Kim.png',
      'chelsea--Bob.png',
      'chelsea--Carol _ Design.png',
      'rocket--Alice Kim.jpg',
      'rocket--Bob.jpg',
      'rocket--Carol _ Design.jpg',
    ].sort(),
  );

  // Back on the embed page, the ledger records the six copies and exports a CSV with Bob's rows.
  await page.goto('/orders/new/embed?mode=recipients');
  const ledger = page.getByTestId('ledger-panel');
  await expect(ledger.getByTestId('ledger-count')).toHaveText('The ledger records 6 copies.');
  await expect(page.getByText('cannot be traced from that copy')).toBeVisible();
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), ledger.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = await readFile((await csvDownload.path())!, 'utf8');
  const bobRows = csv.split('\r\n').filter((line) => line.includes(`for Bob · ${DATE}`));
  expect(bobRows).toHaveLength(2);
  expect(bobRows.join('\n')).toContain('bob@example.com');
  expect(bobRows.join('\n')).toContain('chelsea--Bob.png');
  expect(bobRows.join('\n')).toContain(orderId);

  // The copies as a ZIP with a folder per recipient; their SHA-256 go into the ledger.
  const [zipDownload] = await Promise.all([page.waitForEvent('download'), ledger.getByRole('button', { name: /Download the copies/ }).click()]);
  const byRecipient = unzipSync(new Uint8Array(await readFile((await zipDownload.path())!)));
  expect(Object.keys(byRecipient)).toContain('Bob/chelsea--Bob.png');
  expect(Object.keys(byRecipient)).toContain('Carol _ Design/rocket--Carol _ Design.jpg');
  await expect(ledger.getByText('The SHA-256 of 6 copies is now in the ledger.')).toBeVisible();
});
