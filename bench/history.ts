/**
 * npm run bench:history (issue 27): the usage history and the orders export of a busy API account, in Chromium,
 * against the emulator with the plans' real rate limits (Pro: 300 requests a minute). For each size (10,000 and
 * 100,000 finished orders over the last year, seeded straight into the database: seed-history.ts):
 *  1. first view of "Last 12 months" on Usage: time to the figures, list requests, 429s, the most API requests the
 *     dashboard sent in any 60 s, and whether the customer's own next API call right after is accepted;
 *  2. one more order (made through the API, as the customer's integration does) followed to its end on its page,
 *     then back on Usage: list requests until the history shows it;
 *  3. Export CSV on the orders page right after: requests until the file is saved;
 *  4. the JS heap after all (after a forced garbage collection).
 * Goal at 100,000 (docs/decisions/history-cache.md): no 429, ≤ 150 requests in any minute, revisit ≤ 3 list requests,
 * export ≤ 3 requests. `--sizes=10000` runs one size; SKIP_BUILD=1 reuses the last build (.tmp/dist-bench-history).
 * Writes bench/results/history.json.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '../scripts/stack/chromium';
import { apiResponse } from '../scripts/stack/signed-in';
import { buildDashboard as build } from '../scripts/stack/stack';
import { seededDataDir } from './support/seed-db';
import { seedHistory } from './support/seed-history';
import { call, login, putFile, ROOT, round, runBench, startDashboard, startEmulatorChild, writeResults } from './support/stack';

const REAL_LIMITS = 'free=60,pro=300,enterprise=1000';
const PRO_LIMIT = 300;
const CHELSEA = fs.readFileSync(path.join(ROOT, 'e2e/fixtures/chelsea.png'));
const sizesArg = process.argv.find((arg) => arg.startsWith('--sizes='));
const SIZES = sizesArg ? sizesArg.slice('--sizes='.length).split(',').map(Number) : [10_000, 100_000];

interface Logged {
  at: number;
  url: string;
  status?: number;
}

/** Every API request the page sends, with its answer's status. */
function logRequests(page: Page) {
  const log: Logged[] = [];
  const byRequest = new Map<unknown, Logged>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const entry = { at: Date.now(), url: url.pathname + url.search };
    byRequest.set(request, entry);
    log.push(entry);
  });
  page.on('response', (response) => {
    const entry = byRequest.get(response.request());
    if (entry) entry.status = response.status();
  });
  return log;
}

const isList = (entry: Logged) => entry.url.startsWith('/api/v2/orders?');
const mostInAMinute = (entries: Logged[]) => Math.max(0, ...entries.map((e) => entries.filter((o) => o.at >= e.at && o.at < e.at + 60_000).length));

async function waitFinal(emulatorUrl: string, token: string, orderId: string) {
  for (;;) {
    const order = await call<{ status: string }>(emulatorUrl, token, 'GET', `/api/v2/orders/${orderId}`);
    if (!['pending', 'inProgress'].includes(order.status)) return order.status;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

async function historyFiles(page: Page): Promise<string> {
  const history = page.getByRole('region', { name: 'Usage history' });
  await history.scrollIntoViewIfNeeded();
  const total = history.getByTestId('history-total');
  await total.waitFor({ timeout: 20 * 60_000 });
  return (await total.textContent()) ?? '';
}

/** The page's JS heap after a forced garbage collection (MB). */
async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return round(heap.usedSize / 1e6, 1);
}

async function runSize(orders: number, distDir: string, stops: Array<() => Promise<unknown> | unknown>) {
  console.log(`\nseeding ${orders.toLocaleString('en')} orders over a year…`);
  const { dataDir, seeded: seed } = seededDataDir('history', (dir) => seedHistory(dir, orders), stops);
  console.log(`seeded in ${seed.seconds} s`);
  const emulator = await startEmulatorChild({ EMULATOR_DATA_DIR: dataDir, EMULATOR_RATE_LIMITS: REAL_LIMITS });
  stops.push(emulator.stop);
  const dashboard = await startDashboard(distDir, emulator.url);
  stops.push(dashboard.close);
  const { token, storedSession } = await login(emulator.url, seed.account);

  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'], headless: true });
  stops.push(() => browser.close());
  const page = await browser.newPage();
  await page.goto(`${dashboard.url}/sign-in`);
  await page.evaluate((value) => window.localStorage.setItem('imprint.session', value), storedSession);
  const log = logRequests(page);

  // 1. First view.
  let started = Date.now();
  await page.goto(`${dashboard.url}/usage?range=12m`);
  const firstText = await historyFiles(page);
  const firstMs = Date.now() - started;
  const first = log.splice(0);
  const firstView = {
    seconds: round(firstMs / 1000, 1),
    listRequests: first.filter(isList).length,
    apiRequests: first.length,
    rateLimited: first.filter((e) => e.status === 429).length,
    mostListRequestsInAMinute: mostInAMinute(first.filter(isList)),
    mostApiRequestsInAMinute: mostInAMinute(first),
    shown: firstText.trim(),
  };
  console.log('first view', firstView);

  // The customer's integration, right after: its next call must be accepted.
  const created = await apiResponse<{ orderId: string; files: { uploadUrl: string }[] }>(emulator.url, token, 'POST', '/api/v2/orders/wtr-embed', {
    idempotencyKey: randomUUID(),
    files: [{ fileName: 'chelsea.png', watermarks: [{ text: 'bench' }] }],
  });
  const integrationStatus = created.status;
  await putFile(created.data.files[0]!.uploadUrl, CHELSEA, 'image/png');

  // 2. The order followed on its page, then back on Usage.
  await page.goto(`${dashboard.url}/orders/${created.data.orderId}`);
  const finalStatus = await waitFinal(emulator.url, token, created.data.orderId);
  await page.getByText(/^Complete$/).first().waitFor({ timeout: 120_000 });
  log.splice(0);
  started = Date.now();
  await page.goto(`${dashboard.url}/usage?range=12m`);
  let secondText = await historyFiles(page);
  // The history shows the new order's file once the refresh is in.
  for (let i = 0; i < 50 && secondText === firstText; i++) {
    await page.waitForTimeout(200);
    secondText = (await page.getByTestId('history-total').textContent()) ?? '';
  }
  await page.waitForTimeout(3_000);
  const second = log.splice(0);
  const revisit = {
    seconds: round((Date.now() - started - 3_000) / 1000, 1),
    listRequests: second.filter(isList).length,
    apiRequests: second.length,
    rateLimited: second.filter((e) => e.status === 429).length,
    shown: secondText.trim(),
    showsTheNewOrder: secondText !== firstText,
    newOrderStatus: finalStatus,
  };
  console.log('revisit', revisit);
  const heapOnUsageMb = await heapMb(page);
  console.log(`JS heap on Usage with the history shown: ${heapOnUsageMb} MB`);

  // 3. Export right after.
  await page.goto(`${dashboard.url}/orders`);
  await page.getByRole('table').locator('tbody tr').first().waitFor();
  log.splice(0);
  const downloading = page.waitForEvent('download', { timeout: 20 * 60_000 });
  started = Date.now();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  const rows = fs.readFileSync((await download.path())!, 'utf8').trim().split('\r\n').length - 1;
  const exported = log.splice(0);
  const exportRun = { seconds: round((Date.now() - started) / 1000, 1), apiRequests: exported.length, listRequests: exported.filter(isList).length, rows };
  console.log('export', exportRun);

  // 4. Heap (each step above is a new page load: this is the orders page's, after the export).
  const heapAfterExportMb = await heapMb(page);
  console.log(`JS heap after the export: ${heapAfterExportMb} MB`);

  await browser.close();
  await dashboard.close();
  await emulator.stop();
  return { orders, seedSeconds: seed.seconds, firstView, integrationStatus, revisit, export: exportRun, heapOnUsageMb, heapAfterExportMb };
}

await runBench(async (stops) => {
  console.log('building the dashboard…');
  const distDir = await build('.tmp/dist-bench-history', { reuse: process.env.SKIP_BUILD === '1' });
  const results = [];
  for (const size of SIZES) results.push(await runSize(size, distDir, stops));
  const largest = results.at(-1)!;
  const goals = {
    noRateLimited: largest.firstView.rateLimited === 0,
    halfTheLimitAMinute: largest.firstView.mostApiRequestsInAMinute <= PRO_LIMIT / 2,
    revisitAtMost3Lists: largest.revisit.listRequests <= 3 && largest.revisit.showsTheNewOrder,
    exportAtMost3: largest.export.apiRequests <= 3,
  };
  writeResults('history', { plan: 'pro', limitPerMinute: PRO_LIMIT, sizes: results, goals });
  console.log('goals', goals);
  return Object.values(goals).every(Boolean);
});
