import { execFile } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { hookWithReceiver, waitForStatuses } from './support/webhook-receivers';
import { call, finishOrder } from './support/emulator-api';
import { mainEmulatorUrl } from './support/stacks';

const SCREENSHOTS = process.env.SCREENSHOTS === '1';



const rows = (page: Page) => page.getByTestId('event-row');

/** The list does not poll while nothing is in flight, so the page is opened once the events exist. */
async function waitForEvents(token: string, webhookId: number, count: number) {
  await expect
    .poll(async () => ((await call(token, 'GET', `/api/v2/orders/webhooks/${webhookId}/events?limit=1`)) as { pagination: { total: number } }).pagination.total, {
      timeout: 60_000,
    })
    .toBe(count);
}

/** A stand-in for the customer's server: checks the signature the way the docs tell them to. */
async function customerServer(secret: string) {
  const bodies: Buffer[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      bodies.push(body);
      const expected = Buffer.from(createHmac('sha256', secret).update(body).digest('hex'));
      const given = Buffer.from(String(req.headers['x-service-signature'] ?? ''));
      const valid = given.length === expected.length && timingSafeEqual(given, expected);
      res.writeHead(valid ? 200 : 401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ signatureValid: valid, eventId: req.headers['x-service-event-id'] ?? null, path: req.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/webhook`;
  return { url, bodies, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function bash(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', command], (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)));
  });
}

test.describe('webhook failure diagnosis', () => {
  test('a receiver slower than 5 s is diagnosed as a timeout, on the row and in "Why deliveries fail"', async ({ page, newAccount }) => {
    // Four attempts of 5 s each plus the 1/2/4 s back-off: about 27 s until FAILED.
    test.setTimeout(120_000);
    const { token, hook } = await hookWithReceiver(page, newAccount, 200, 6000);
    await finishOrder(token);
    await waitForEvents(token, hook.id, 1);
    await page.goto(`/webhooks/${hook.id}`);

    const row = rows(page).first();
    await expect(row).toContainText('RETRYING', { timeout: 30_000 });
    await expect(row.getByTestId('event-cause')).toHaveText('Timeout: your server took longer than 5 s');

    const panel = page.getByRole('region', { name: 'Why deliveries fail' });
    await expect(panel).toContainText('1 failed or retrying delivery in the last event');
    const group = panel.getByTestId('failure-group');
    await expect(group).toHaveCount(1);
    await expect(group).toContainText(/^1 timeout since \S+/);
    await expect(group).toContainText('Fix: Answer 2xx at once and do the work in the background; the service waits at most 5 seconds.');

    await expect(row).toContainText('FAILED', { timeout: 60_000 });
    await expect(row.getByTestId('event-cause')).toHaveText('Timeout: your server took longer than 5 s');
    await row.getByRole('button', { name: 'Attempts' }).click();
    const diagnosis = page.getByRole('group', { name: 'Diagnosis' });
    await expect(diagnosis).toContainText('Fix: Answer 2xx at once');
    await expect(diagnosis).toContainText('All 4 attempts: timeout.');
    await expect(page.getByRole('link', { name: 'Debug the signature of this delivery' })).toHaveAttribute(
      'href',
      new RegExp(`/webhooks/signature-checker\\?webhookId=${hook.id}&eventId=\\d+$`),
    );
  });

  test('failures of several causes are grouped, the largest and oldest first', async ({ page, newAccount }) => {
    // Deliveries take ~12 s, two axe passes the rest on a shared machine.
    test.setTimeout(180_000);
    const { token, receiver, hook } = await hookWithReceiver(page, newAccount, 404, 0);
    await Promise.all([finishOrder(token), finishOrder(token)]);
    await waitForStatuses(token, hook.id, ['FAILED', 'FAILED']);
    await call(token, 'PUT', `/_emulator/receivers/${receiver}/config`, { status: 200, delayMs: 6000 });
    await finishOrder(token);
    await waitForEvents(token, hook.id, 3);
    await page.goto(`/webhooks/${hook.id}`);

    const panel = page.getByRole('region', { name: 'Why deliveries fail' });
    const groups = panel.getByTestId('failure-group');
    await expect(groups).toHaveCount(2, { timeout: 30_000 });
    await expect(groups.nth(0)).toContainText(/^2 not-found answers \(404\) since \S+/);
    await expect(groups.nth(0)).toContainText('Fix: Check that the webhook URL path matches your route exactly');
    await expect(groups.nth(1)).toContainText(/^1 timeout since \S+/);
    await expect(panel).toContainText('3 failed or retrying deliveries in the last 3 events');
    await expect(rows(page).nth(1).getByTestId('event-cause')).toHaveText('Not found (HTTP 404): the URL path does not exist on your server');
    await expect(rows(page).nth(0).getByTestId('event-cause')).toHaveText('Timeout: your server took longer than 5 s');

    if (SCREENSHOTS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.evaluate(() => document.getElementById('events-heading')?.scrollIntoView());
      await page.screenshot({ path: 'docs/screenshots/webhook-diagnosis.png' });
    }

    // The panel, the causes and an open attempts panel (diagnosis + cURL) stay accessible in both schemes.
    await rows(page).nth(1).getByRole('button', { name: 'Attempts' }).click();
    await expect(page.getByRole('group', { name: 'Diagnosis' })).toContainText('Fix: Check that the webhook URL path');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect((await seriousViolations(page)).map((v) => `${colorScheme} ${v}`)).toEqual([]);
    }
  });

  test('"Copy as cURL" of a delivery, run against a local server, passes its signature check byte for byte', async ({ page, context, newAccount }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { token, receiver, hook } = await hookWithReceiver(page, newAccount, 200, 0);
    const local = await customerServer(hook.secret);
    try {
      await finishOrder(token);
      await waitForEvents(token, hook.id, 1);
      await page.goto(`/webhooks/${hook.id}`);
      const row = rows(page).first();
      await expect(row).toContainText('SENT', { timeout: 30_000 });
      await expect(page.getByRole('region', { name: 'Why deliveries fail' })).toHaveCount(0);
      await row.getByRole('button', { name: 'Attempts' }).click();

      const target = page.getByLabel('Send to');
      await expect(target).toHaveValue(`${mainEmulatorUrl}/_emulator/receivers/${receiver}`);
      await target.fill(local.url);
      const shown = page.getByTestId('curl-command');
      await expect(shown).toContainText(local.url);
      await page.getByRole('button', { name: 'Copy as cURL' }).click();
      await expect(page.getByRole('button', { name: 'Copy as cURL' })).toHaveText('Copied');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await shown.textContent());
      // The command carries the signature, never the secret, and neither does the page.
      expect(copied).not.toContain(hook.secret);
      await expect(page.getByText(hook.secret)).toHaveCount(0);

      const answer = JSON.parse(await bash(copied)) as { signatureValid: boolean; eventId: string; path: string };
      expect(answer).toMatchObject({ signatureValid: true, path: '/webhook' });
      const delivered = (await call(token, 'GET', `/_emulator/receivers/${receiver}/requests`)) as {
        requests: { body: string; headers: Record<string, string> }[];
      };
      expect(local.bodies).toHaveLength(1);
      expect(local.bodies[0]!.equals(Buffer.from(delivered.requests[0]!.body, 'utf8'))).toBe(true);
      expect(answer.eventId).toBe(delivered.requests[0]!.headers['x-service-event-id']);

      if (SCREENSHOTS) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.getByRole('heading', { name: 'Copy as cURL' }).scrollIntoViewIfNeeded();
        await page.evaluate(() => document.querySelector('[data-testid="curl-command"]')?.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: 'docs/screenshots/copy-as-curl.png' });
      }
    } finally {
      await local.close();
    }
  });
});
