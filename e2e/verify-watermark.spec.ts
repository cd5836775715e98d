import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { apiLogin, expect, seedSession, test } from './support/fixtures';
import { mainEmulatorUrl } from './support/stacks';

const CHELSEA = readFileSync(new URL('./fixtures/chelsea.png', import.meta.url));

async function api(token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${mainEmulatorUrl}/api/v2${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: unknown }).data;
}

test('a finished embed order verifies its watermark without the user handling files', async ({ page, newAccount }) => {
  test.setTimeout(90_000);
  const { token } = await apiLogin(newAccount);
  const created = (await api(token, 'POST', '/orders/wtr-embed', {
    idempotencyKey: randomUUID(),
    files: [{ fileName: 'chelsea.png', watermarks: [{ text: 'Imprint e2e' }, { text: 'owner 42' }] }],
  })) as { orderId: string; files: { uploadUrl: string }[] };
  const put = await fetch(created.files[0]!.uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: new Uint8Array(CHELSEA) });
  expect(put.ok).toBe(true);
  await expect
    .poll(async () => ((await api(token, 'GET', `/orders/${created.orderId}`)) as { status: string }).status, { timeout: 30_000 })
    .toBe('complete');

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
