import { apiPost, apiLogin, expect, seedSession, test } from './support/fixtures';

test('the overview shows plan usage, the latest order with a link, the webhook count and quick actions', async ({ page, newAccount }) => {
  const { token } = await apiLogin(newAccount);
  await apiPost(token, '/orders/webhooks', { name: 'Main server', url: 'https://hooks.example.com/imprint' });
  await apiPost(token, '/orders/anti-ai', { idempotencyKey: 'overview-older-1', orderName: 'Older order', files: [{ fileName: 'a.png' }] });
  const latest = await apiPost(token, '/orders/anti-ai', {
    idempotencyKey: 'overview-latest-1',
    orderName: 'Newest order',
    files: [{ fileName: 'b.png' }],
  });

  await seedSession(page, newAccount);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();

  const orders = page.getByRole('region', { name: 'Latest orders' });
  const links = orders.getByRole('link', { name: /order$/ });
  await expect(links).toHaveText(['Newest order', 'Older order']);
  await expect(orders.getByText('Waiting for files').first()).toBeVisible();

  const webhooks = page.getByRole('region', { name: 'Webhooks' });
  await expect(webhooks.getByText('1', { exact: true })).toBeVisible();
  await expect(webhooks.getByRole('link', { name: 'Manage webhooks' })).toBeVisible();

  await expect(page.getByRole('region', { name: 'Your plan' }).getByRole('meter')).toBeVisible();
  for (const action of ['Protect images from AI', 'Embed a watermark', 'Extract a watermark']) {
    await expect(page.getByRole('link', { name: action })).toBeVisible();
  }

  await links.first().click();
  await expect(page).toHaveURL(`/orders/${String(latest.orderId)}`);
  await expect(page.getByRole('heading', { name: 'Newest order' })).toBeVisible();
});
