import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { catalog } from './support/catalog';
import { allOrders } from './support/emulator-api';
import { apiLogin, apiPost, createAccount, DEMO, expect, seedSession, test, type Account } from './support/fixtures';

/** RFC 4180 reader: quoted fields with doubled quotes, commas and line breaks inside, CRLF between records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

interface ApiOrder {
  orderId: string;
  orderName: string;
  status: string;
  createdAt: string;
}

async function exportCsv(page: Page, buttonName: string) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: buttonName }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d\d-\d\d-\d{4}\.csv$/);
  const bytes = readFileSync(await download.path());
  return { bytes, rows: parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, '')) };
}

const EN_HEADERS = ['Order ID', 'Order name', 'Type', 'Status', 'Channel', 'Files', 'Created', 'Updated', 'Finished at', 'Watermark text found', 'Problem reported'];

test.describe('orders CSV export', () => {
  test.use({ timezoneId: 'Asia/Seoul' });

  test('exports every order matching the filters, across pages, with ISO times in the user’s offset', async ({ page }) => {
    test.slow();
    // Enterprise: 140 creations stay under the per-minute rate limit.
    const account: Account = await createAccount({ planType: 'enterprise' });
    const { token } = await apiLogin(account);
    const create = (orderName: string) =>
      apiPost(token, '/orders/anti-ai', { idempotencyKey: randomUUID(), orderName, files: [{ fileName: 'a.png' }], options: { strength: 'low' } });
    for (let i = 1; i <= 129; i++) await create(`batch-${String(i).padStart(3, '0')}`);
    // A name a spreadsheet would run as a formula, with a comma and quotes to escape.
    await create('=batch-evil,"quoted"');
    for (let i = 1; i <= 10; i++) await create(`other-${i}`);

    await seedSession(page, account);
    await page.goto('/orders');
    await page.getByLabel('Search').fill('batch');
    await expect(page).toHaveURL(/keyword=batch/);
    await expect(page.getByText(/130 orders/)).toBeVisible();

    const { bytes, rows } = await exportCsv(page, 'Export CSV');
    // UTF-8 byte order mark, so Excel reads the file as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...records] = rows;
    expect(header).toEqual(EN_HEADERS);
    const api = await allOrders<ApiOrder>(token, 'keyword=batch');
    expect(api.total).toBe(130);
    expect(records).toHaveLength(api.total);
    expect(records.map((r) => r[0])).toEqual(api.orders.map((o) => o.orderId));
    expect(new Set(records.map((r) => r[1])).has('other-1')).toBe(false);
    expect(records.find((r) => r[1]!.includes('evil'))?.[1]).toBe(`'=batch-evil,"quoted"`);
    for (const record of records) {
      expect(record).toHaveLength(EN_HEADERS.length);
      expect(record[6]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
    }
    const first = api.orders[0]!;
    expect(Date.parse(records[0]![6]!)).toBe(Math.floor(Date.parse(first.createdAt) / 1000) * 1000);
    await expect(page.getByRole('status').filter({ hasText: 'Exported 130 orders' })).toBeVisible();
  });

  test.describe('in Korean', () => {
    test.use({ locale: 'ko-KR' });

    test('names the columns in the user’s language and exports the filtered demo orders', async ({ page }) => {
      const t = catalog('ko');
      const { token } = await seedSession(page, DEMO);
      await page.goto('/orders?status=expired');
      await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
      const { rows } = await exportCsv(page, t('Export CSV'));
      const [header, ...records] = rows;
      expect(header).toEqual(EN_HEADERS.map((name) => t(name)));
      const api = await allOrders<ApiOrder>(token, 'status=expired');
      expect(records).toHaveLength(api.total);
      expect(new Set(records.map((r) => r[3]))).toEqual(new Set([t('Expired')]));
    });
  });
});
