import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { call, orderStatus, putFile } from './support/emulator-api';
import { apiLogin, expect, seedSession, test } from './support/fixtures';

const CHELSEA = readFileSync(new URL('./fixtures/chelsea.png', import.meta.url));

test('a finished embed order verifies its watermark without the user handling files', async ({ page, newAccount }) => {
  test.setTimeout(90_000);
  const { token } = await apiLogin(newAccount);
  const created = await call<{ orderId: string; files: { uploadUrl: string }[] }>(token, 'POST', '/api/v2/orders/wtr-embed', {
    idempotencyKey: randomUUID(),
    files: [{ fileName: 'chelsea.png', watermarks: [{ text: 'Imprint e2e' }, { text: 'owner 42' }] }],
  });
  await putFile(created.files[0]!.uploadUrl, CHELSEA, 'image/png');
  await expect.poll(() => orderStatus(token, created.orderId), { timeout: 30_000 }).toBe('complete');

  await seedSession(page, newAccount);
  await page.goto(`/orders/${created.orderId}`);
  await page.getByRole('button', { name: 'Verify watermark' }).click();

  const verified = page.getByRole('status').filter({ hasText: 'Watermark verified' });
  await expect(verified).toContainText('reads back as “Imprint e2e\nowner 42”', { timeout: 30_000 });
  const link = verified.getByRole('link', { name: 'Open the check order' });
  await link.click();
  await expect(page.getByRole('status', { name: 'Order status' })).toContainText('Watermark found');
  await expect(page.getByRole('definition').filter({ hasText: 'Imprint e2e' })).toBeVisible();
});
