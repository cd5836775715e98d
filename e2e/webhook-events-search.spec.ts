import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { putFile } from '../scripts/stack/signed-in';
import { expect, seedSession, test, type Account } from './support/fixtures';
import { call } from './support/emulator-api';
import { mainEmulatorUrl } from './support/stacks';

const CHELSEA = readFileSync(new URL('./fixtures/chelsea.png', import.meta.url));
const DAY = 86_400_000;

interface Listed {
  id: number;
  eventId: string;
  eventType: string;
  status: string;
  retries: number;
  lastSentAt: string | null;
  createdAt: string;
}

/** Test-only emulator route (EMULATOR_TEST_ROUTES=1): `count` finished events 1 ms apart from `createdAt` (default now). */
async function seedEvents(token: string, webhookId: number, body: { count: number; status: 'SENT' | 'FAILED'; eventType?: string; createdAt?: string }) {
  const { count, createdAt, ...rest } = body;
  const start = (createdAt ? Date.parse(createdAt) : Date.now()) - (createdAt ? 0 : count);
  const times = Array.from({ length: count }, (_, i) => new Date(start + i).toISOString());
  const made = await call<{ events: { eventId: string }[] }>(token, 'POST', `/_emulator/webhooks/${webhookId}/test-events`, { ...rest, createdAt: times });
  return { eventIds: made.events.map((e) => e.eventId) };
}

/**
 * 296 events in three pages of 100, newest first:
 *   1–120   SENT   order.antiAi.completed (seeded now)
 *   121–145 FAILED order.antiAi.completed (seeded now)
 *   146–155 SENT   order.watermarkEmbed.completed, seeded just after the real order: same type, same few seconds
 *   156     SENT   the real order's delivery (page 2)
 *   157–296 FAILED seeded ten days ago
 * so the real delivery is not on the first page, an export of the last 7 days can stop after page 2, and finding
 * the order has to tell it from ten look-alikes by their bodies.
 */
async function setup(page: Page, account: Account) {
  const { token } = await seedSession(page, account);
  const receiver = `find-${randomUUID().slice(0, 8)}`;
  const hook = await call<{ id: number }>(token, 'POST', '/api/v2/orders/webhooks', { name: 'Busy hook', url: `${mainEmulatorUrl}/_emulator/receivers/${receiver}` });
  await seedEvents(token, hook.id, { count: 140, status: 'FAILED', createdAt: new Date(Date.now() - 10 * DAY).toISOString() });

  const order = await call<{ orderId: string; files: { uploadUrl: string }[] }>(token, 'POST', '/api/v2/orders/wtr-embed', {
    idempotencyKey: randomUUID(),
    files: [{ fileName: 'chelsea.png', watermarks: [{ text: 'find me' }] }],
  });
  await putFile(order.files[0]!.uploadUrl, CHELSEA, 'image/png');
  let real: Listed | undefined;
  await expect
    .poll(
      async () => {
        real = (await call<{ events: Listed[] }>(token, 'GET', `/api/v2/orders/webhooks/${hook.id}/events?limit=1`)).events.find((e) => e.status === 'SENT');
        return real?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('SENT');

  // The look-alikes come a second or more after the real delivery, so the closest-first ranking says "N s after",
  // never "when the order finished" (on a fast run the poll above returns within a few milliseconds of it).
  const lookAlikesAt = Date.parse(real!.createdAt) + 1_500;
  if (Date.now() < lookAlikesAt) await new Promise((resolve) => setTimeout(resolve, lookAlikesAt - Date.now()));
  await seedEvents(token, hook.id, { count: 10, status: 'SENT', eventType: 'order.watermarkEmbed.completed' });
  await seedEvents(token, hook.id, { count: 25, status: 'FAILED' });
  await seedEvents(token, hook.id, { count: 120, status: 'SENT' });
  const all: Listed[] = [];
  for (let p = 1; p <= 3; p++) all.push(...(await call<{ events: Listed[] }>(token, 'GET', `/api/v2/orders/webhooks/${hook.id}/events?limit=100&page=${p}`)).events);
  expect(all).toHaveLength(296);
  expect(all.findIndex((e) => e.eventId === real!.eventId)).toBe(155);
  return { token, hook, orderId: order.orderId, real: real!, all };
}

/** Counts the listing reads of each page of 100, to see where a walk stopped. */
function countPageReads(page: Page) {
  const reads = new Map<number, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!/\/webhooks\/\d+\/events$/.test(url.pathname) || url.searchParams.get('limit') !== '100') return;
    const n = Number(url.searchParams.get('page') ?? 1);
    reads.set(n, (reads.get(n) ?? 0) + 1);
  });
  return reads;
}

test.describe('webhook delivery events across all pages', () => {
  test('finds a delivery on page 2 by event id and by order id, and says when there is none', async ({ page, newAccount }) => {
    test.setTimeout(120_000);
    const { hook, orderId, real } = await setup(page, newAccount);
    const reads = countPageReads(page);
    await page.goto(`/webhooks/${hook.id}`);
    const finder = page.getByRole('region', { name: 'Find a delivery' });
    const field = finder.getByLabel('Event id or order id');

    await field.fill(real.eventId.toUpperCase());
    await finder.getByRole('button', { name: 'Find' }).click();
    await expect(finder.getByTestId('find-result')).toHaveText('Found 1 delivery in 200 events read.');
    const found = finder.getByTestId('found-event');
    await expect(found).toHaveCount(1);
    await expect(found.locator('code')).toHaveText(real.eventId);
    // Opened at once: the attempts of the delivery found, with the receiver's answer.
    await expect(found.getByRole('heading', { name: 'Attempts (from the emulator)' })).toBeVisible();
    await expect(found.getByText('✓ HTTP 200')).toBeVisible();
    // Found on page 2: page 3 was never read.
    expect(reads.get(3) ?? 0).toBe(0);

    await field.fill(orderId);
    await finder.getByRole('button', { name: 'Find' }).click();
    await expect(finder.getByTestId('find-result')).toHaveText('Found 1 delivery in 200 events read.');
    await expect(found.locator('code')).toHaveText(real.eventId);
    // Told apart from the ten events of the same type and second by its body, so it is confirmed, not a candidate.
    await expect(finder.getByText('Confirmed: its payload names this order.')).toBeVisible();
    await expect(finder.getByTestId('candidate')).toHaveCount(0);

    await field.fill(randomUUID());
    await finder.getByRole('button', { name: 'Find' }).click();
    await expect(finder.getByTestId('find-result')).toHaveText('Not found in 296 events: no delivery of this webhook has that event id.');

    await field.fill('ord_doesnotexist');
    await finder.getByRole('button', { name: 'Find' }).click();
    await expect(finder.getByText('No order with the id ord_doesnotexist in this account.')).toBeVisible();
  });

  for (const timezoneId of ['Asia/Seoul', 'UTC']) test.describe(`in ${timezoneId}`, () => {
    test.use({ timezoneId });
    test('without payloads to read, an order\'s deliveries are ranked candidates, the closest first, with why', async ({ page, newAccount }) => {
      test.setTimeout(120_000);
      const { hook, orderId, real } = await setup(page, newAccount);
      // As on a service that cannot say which order a delivery names.
      await page.route('**/_emulator/webhooks/*/event-orders*', (route) => route.fulfill({ status: 404, body: '' }));
      await page.goto(`/webhooks/${hook.id}`);
      const finder = page.getByRole('region', { name: 'Find a delivery' });
      await finder.getByLabel('Event id or order id').fill(orderId);
      await finder.getByRole('button', { name: 'Find' }).click();
      await expect(finder.getByTestId('find-result')).toHaveText(/^\d+ candidates in 200 events read, closest to the order's finish first\.$/);
      await expect(finder.getByText(/^Not confirmed: the listing does not name the order/)).toBeVisible();
      const first = finder.getByTestId('candidate').first();
      await expect(first).toContainText('Candidate 1');
      await expect(first.locator('code')).toHaveText(real.eventId);
      await expect(first.getByTestId('candidate-why')).toContainText("Why: the order's event type, created when the order finished");
      await expect(finder.getByTestId('candidate').nth(1).getByTestId('candidate-why')).toContainText(/created [\d.]+ s after the order finished/);
    });
  });

  test('a status filter counts matches across every page, survives a reload, and clearing it pages from the service again', async ({ page, newAccount }) => {
    test.setTimeout(120_000);
    const { hook, all } = await setup(page, newAccount);
    const failed = all.filter((e) => e.status === 'FAILED');
    expect(failed).toHaveLength(165);
    await page.goto(`/webhooks/${hook.id}`);
    await expect(page.getByText('Page 1 of 15 · 296 events')).toBeVisible({ timeout: 30_000 });

    await page.getByLabel('Status', { exact: true }).selectOption('FAILED');
    await expect(page).toHaveURL(/status=FAILED/);
    await expect(page.getByTestId('filter-scope')).toHaveText('165 events have status FAILED, among all 296 events.');
    await expect(page.getByText('Page 1 of 9 · 165 matching events')).toBeVisible();
    await expect(page.getByTestId('event-row')).toHaveCount(20);
    // The last page holds the oldest FAILED events, which only the third page of the listing has.
    await page.getByLabel('Per page').selectOption('100');
    await expect(page.getByText('Page 1 of 2 · 165 matching events')).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByTestId('event-row')).toHaveCount(65);
    await expect(page.getByTestId('event-row').last().locator('code[title]')).toHaveAttribute('title', failed.at(-1)!.eventId);

    await page.reload();
    await expect(page.getByText('Page 2 of 2 · 165 matching events')).toBeVisible();

    await page.getByLabel('Status', { exact: true }).selectOption('');
    await expect(page).not.toHaveURL(/status=/);
    await expect(page.getByTestId('filter-scope')).toHaveText('Filters search all 296 events.');
    await expect(page.getByText('Page 1 of 3 · 296 events')).toBeVisible();
  });

  test('exports the last 7 days as CSV and JSON, stopping at the first page older than the range', async ({ page, newAccount }) => {
    test.setTimeout(120_000);
    const { hook, all, orderId, real } = await setup(page, newAccount);
    const recent = all.slice(0, 156);
    const reads = countPageReads(page);
    await page.goto(`/webhooks/${hook.id}`);
    await page.getByText('Export delivery events').click();
    const exporter = page.locator('details', { has: page.getByText('Export delivery events') });

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), exporter.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(csvDownload.suggestedFilename()).toMatch(new RegExp(`^webhook-${hook.id}-events-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = await readFile((await csvDownload.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFRecord id,Event id,Event type,Order id,Order name,Status,Retries,Last sent,Created\r\n')).toBe(true);
    const lines = csv.slice(1).split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(156);
    const first = lines[0]!.split(',');
    expect(first.slice(0, 3)).toEqual([String(recent[0]!.id), recent[0]!.eventId, recent[0]!.eventType]);
    expect(first[3]).toMatch(/^ord_/);
    expect(first.slice(5, 7)).toEqual([recent[0]!.status, String(recent[0]!.retries)]);
    // Times in ISO 8601 with the browser's offset, naming the same instant the service gave.
    expect(first[8]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/);
    expect(Date.parse(first[8]!)).toBe(Date.parse(recent[0]!.createdAt));
    // The real order's delivery names it.
    expect(lines.find((l) => l.includes(real.eventId))!.split(',')[3]).toBe(orderId);
    await expect(exporter.getByTestId('export-result')).toHaveText('Saved 156 events as CSV.');
    expect(reads.get(3) ?? 0).toBe(0);

    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), exporter.getByRole('button', { name: 'Export JSON' }).click()]);
    expect(jsonDownload.suggestedFilename()).toMatch(/\.json$/);
    const json = JSON.parse(await readFile((await jsonDownload.path())!, 'utf8')) as (Listed & { orderId: string | null; orderName: string | null })[];
    // The events as listed, plus the order each names.
    expect(json.map(({ orderId: _id, orderName: _name, ...listed }) => listed)).toEqual(recent);
    expect(json.find((e) => e.eventId === real.eventId)).toMatchObject({ orderId });
    await expect(exporter.getByTestId('export-result')).toHaveText('Saved 156 events as JSON.');

    // A range with only the old events: all three pages are read, and only those ten-days-old events are kept.
    const old = new Date(Date.parse(all.at(-1)!.createdAt));
    const ymd = `${old.getFullYear()}-${String(old.getMonth() + 1).padStart(2, '0')}-${String(old.getDate()).padStart(2, '0')}`;
    await exporter.getByLabel('From').fill(ymd);
    await exporter.getByLabel('To').fill(ymd);
    const [oldDownload] = await Promise.all([page.waitForEvent('download'), exporter.getByRole('button', { name: 'Export JSON' }).click()]);
    const oldJson = JSON.parse(await readFile((await oldDownload.path())!, 'utf8')) as Listed[];
    expect(oldJson.map((e) => e.eventId)).toEqual(all.slice(156).filter((e) => sameLocalDay(e.createdAt, old)).map((e) => e.eventId));
  });

  test('search, filter and export fit a 375 px screen', async ({ page, newAccount }) => {
    test.setTimeout(120_000);
    const { hook } = await setup(page, newAccount);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/webhooks/${hook.id}?status=FAILED`);
    await expect(page.getByTestId('filter-scope')).toHaveText('165 events have status FAILED, among all 296 events.');
    await page.getByText('Export delivery events').click();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await expect(page.getByLabel('Event id or order id')).toBeVisible();
    await page.getByLabel('Event id or order id').fill(randomUUID());
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByTestId('find-result')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

function sameLocalDay(iso: string, day: Date): boolean {
  const d = new Date(iso);
  return d.getFullYear() === day.getFullYear() && d.getMonth() === day.getMonth() && d.getDate() === day.getDate();
}
