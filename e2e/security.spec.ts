import { randomUUID } from 'node:crypto';
import { apiPost, apiLogin, createAccount, expect, seedSession, test } from './support/fixtures';

const HOSTILE = `<img src=x onerror=alert(1)><script>alert(2)</script>"'&`;
const HOSTILE_FILE = `<img src=x onerror=alert(3)>.png`;

test.describe('security', () => {
  test('every served page sends a strict CSP and anti-sniffing, referrer and framing headers', async ({ request }) => {
    for (const path of ['/sign-in', '/orders/x', '/webhooks/123', '/']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const headers = res.headers();
      const csp = headers['content-security-policy'] ?? '';
      const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('default-src'));
      expect(scriptSrc, `${path}: script-src`).toBeTruthy();
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc, path).not.toContain("'unsafe-eval'");
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBeTruthy();
      const noFraming = /frame-ancestors 'none'/.test(csp) || headers['x-frame-options']?.toUpperCase() === 'DENY';
      expect(noFraming, `${path}: framing forbidden`).toBe(true);
    }
  });

  test('HTML in order, file and webhook names is shown as text, never run', async ({ page, newAccount }) => {
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    const { token } = await apiLogin(newAccount);
    const order = (await apiPost(token, '/orders/anti-ai', {
      idempotencyKey: randomUUID(),
      orderName: HOSTILE,
      files: [{ fileName: 'chelsea.png' }, { fileName: HOSTILE_FILE }],
    })) as { orderId: string };
    await apiPost(token, '/orders/webhooks', { name: HOSTILE, url: 'https://example.com/hook' });

    await page.goto('/sign-in');
    await page.getByLabel('E-mail').fill(newAccount.email);
    await page.getByLabel('Password').fill(newAccount.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/orders');
    await expect(page.getByText(HOSTILE).first()).toBeVisible();
    await page.goto(`/orders/${order.orderId}`);
    await expect(page.getByText(HOSTILE).first()).toBeVisible();
    await expect(page.getByText(HOSTILE_FILE).first()).toBeVisible();
    await page.goto('/webhooks');
    await expect(page.getByText(HOSTILE).first()).toBeVisible();
    // No element was made from the names: the only <img src=x> would be the injected one.
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  test('the access token never appears in a URL the browser requests', async ({ page, newAccount }) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto('/sign-in');
    await page.getByLabel('E-mail').fill(newAccount.email);
    await page.getByLabel('Password').fill(newAccount.password);
    const login = page.waitForResponse((res) => res.url().includes('/api/v2/auth/login'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const token = (await (await login).headerValue('accesstoken')) ?? '';
    expect(token.length).toBeGreaterThan(20);
    await expect(page).toHaveURL(/\/$/);
    for (const path of ['/orders', '/usage', '/webhooks', '/account']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    expect(urls.length).toBeGreaterThan(5);
    const [, payload, signature] = token.split('.');
    const leaks = urls.filter((url) => url.includes(token) || url.includes(signature!) || url.includes(payload!));
    expect(leaks).toEqual([]);
  });
});

test("another account's webhook is not found, and shows none of its data", async ({ page, newAccount }) => {
  const other = await createAccount();
  const { token } = await apiLogin(other);
  const name = `Private hook ${randomUUID().slice(0, 8)}`;
  const hook = await apiPost<{ id: number; secret: string }>(token, '/orders/webhooks', { name, url: 'https://example.com/private' });
  await seedSession(page, newAccount);
  await page.goto(`/webhooks/${hook.id}`);
  await expect(page.getByRole('heading', { name: 'Webhook not found' })).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  await expect(page.getByText('https://example.com/private')).toHaveCount(0);
  await expect(page.getByText(hook.secret)).toHaveCount(0);
});
