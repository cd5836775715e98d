/**
 * `npm run screenshots`: every page at 1280 and 375 px, light and dark, into docs/screenshots/<page>-<width>-<theme>.png,
 * and in Korean and Japanese (light, the browser's language set to ko-KR / ja-JP) into docs/screenshots/<locale>/<page>-<width>.png.
 * Starts its own stack like the end-to-end tests (a fresh emulator with the demo account and its history, the built
 * dashboard), signs in as the demo account and visits each page. SKIP_BUILD=1 reuses the last build of this script.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './stack/chromium';
import { BATCHES_STORAGE_KEY, createBatchStore, type BatchRecord } from '../src/features/uploads/lib/batch/batch-store';
import { apiCall, DEMO, SESSION_STORAGE_KEY, signIn } from './stack/signed-in';
import { buildDashboard, startStack } from './stack/stack';

const OUT = path.resolve('docs/screenshots');
const DIST = path.resolve('.tmp/dist-screenshots');
const WIDTHS = [1280, 375] as const;
const THEMES = ['light', 'dark'] as const;

/** Waits for the page's content (a heading, no skeleton, charts drawn); a page that never settles is shot as it is. */
async function settle(page: Page) {
  try {
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
    // Some cards load once seen (the usage history): a full-page shot does not scroll, so scroll once first.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(300);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelectorAll('.animate-pulse').length === 0, undefined, { timeout: 20_000 });
    await page.waitForLoadState('networkidle', { timeout: 10_000 });
  } catch {
    console.warn(`  ${page.url()} did not settle; shot as it is`);
  }
  // Let transitions and the chart's first animation finish.
  await page.waitForTimeout(600);
}

async function main() {
  const reuse = process.env.SKIP_BUILD === '1' && fs.existsSync(path.join(DIST, 'index.html'));
  if (!reuse) console.log('building the dashboard…');
  await buildDashboard(DIST, { reuse });
  console.log('making the demo history…');
  const stack = await startStack({
    distDir: DIST,
    emulator: { tempPrefix: 'imprint-screenshots-', env: { EMULATOR_PORT: '0', EMULATOR_PROCESSING_DELAY_MS: '300' } },
    waitForDemoHistory: true,
  });

  let browser: Browser | undefined;
  try {
    const { token, storedSession: session } = await signIn(stack.apiUrl, DEMO);
    const { orders } = await apiCall<{ orders: { orderId: string; orderName: string; type: string; fileCount: number; status: string }[] }>(stack.apiUrl, token, 'GET', '/api/v2/orders?limit=100');
    const { webhooks } = await apiCall<{ webhooks: { id: number; name: string }[] }>(stack.apiUrl, token, 'GET', '/api/v2/orders/webhooks');
    const order = orders.find((o) => o.orderName === 'Homepage banners') ?? orders[0];
    const hook = webhooks.find((w) => w.name === 'Shop backend') ?? webhooks[0];
    // A batch exists only in the browser that sent it: three of the demo's anti-AI orders stand in for one, written
    // through the dashboard's own batch store (into a map here, copied into the page's localStorage below).
    const batch: BatchRecord = {
      batchId: 'screenshots-batch',
      name: 'Portfolio',
      savedAt: Date.now(),
      orders: orders
        .filter((o) => o.type === 'antiAi')
        .slice(0, 3)
        .map((o) => ({ name: o.orderName, fileCount: o.fileCount, keys: { create: `c-${o.orderId}`, confirm: `k-${o.orderId}` }, orderId: o.orderId, uploaded: o.status !== 'pending' })),
    };
    const stored = new Map<string, string>();
    createBatchStore({ getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value), removeItem: (key) => void stored.delete(key) }).save(batch);
    const pages: { name: string; path: string; signedIn: boolean }[] = [
      { name: 'overview', path: '/', signedIn: true },
      { name: 'orders', path: '/orders', signedIn: true },
      ...(order ? [{ name: 'order-detail', path: `/orders/${order.orderId}`, signedIn: true }] : []),
      { name: 'new-anti-ai', path: '/orders/new/anti-ai', signedIn: true },
      { name: 'new-embed', path: '/orders/new/embed', signedIn: true },
      { name: 'new-extract', path: '/orders/new/extract', signedIn: true },
      { name: 'usage', path: '/usage', signedIn: true },
      { name: 'batch', path: `/orders/batches/${batch.batchId}`, signedIn: true },
      { name: 'webhooks', path: '/webhooks', signedIn: true },
      ...(hook ? [{ name: 'webhook-detail', path: `/webhooks/${hook.id}`, signedIn: true }] : []),
      { name: 'signature-checker', path: '/webhooks/signature-checker', signedIn: true },
      { name: 'test-receiver', path: '/webhooks/test-receiver?name=demo-shop', signedIn: true },
      { name: 'account', path: '/account', signedIn: true },
      { name: 'not-found', path: '/no-such-page', signedIn: true },
      { name: 'sign-in', path: '/sign-in', signedIn: false },
    ];

    fs.mkdirSync(OUT, { recursive: true });
    browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
    const shoot = async (options: { width: number; theme: (typeof THEMES)[number]; locale?: string }, fileOf: (page: string) => string) => {
      for (const signedIn of [true, false]) {
        const context = await browser!.newContext({
          viewport: { width: options.width, height: options.width === 375 ? 800 : 900 },
          colorScheme: options.theme,
          baseURL: stack.dashboardUrl,
          ...(options.locale ? { locale: options.locale } : {}),
        });
        if (signedIn) {
          await context.addInitScript(
            ([key, value, batchesKey, batches]) => {
              window.localStorage.setItem(key, value);
              window.localStorage.setItem(batchesKey, batches);
            },
            [SESSION_STORAGE_KEY, session, BATCHES_STORAGE_KEY, stored.get(BATCHES_STORAGE_KEY) ?? '[]'] as const,
          );
        }
        const page = await context.newPage();
        for (const p of pages.filter((x) => x.signedIn === signedIn)) {
          await page.goto(p.path);
          await settle(page);
          const file = fileOf(p.name);
          fs.mkdirSync(path.dirname(file), { recursive: true });
          await page.screenshot({ path: file, fullPage: true });
          console.log(`  ${path.relative(process.cwd(), file)}`);
        }
        await context.close();
      }
    };
    for (const theme of THEMES) {
      for (const width of WIDTHS) await shoot({ width, theme }, (name) => path.join(OUT, `${name}-${width}-${theme}.png`));
    }
    for (const [locale, browserLanguage] of [['ko', 'ko-KR'], ['ja', 'ja-JP']] as const) {
      for (const width of WIDTHS) await shoot({ width, theme: 'light', locale: browserLanguage }, (name) => path.join(OUT, locale, `${name}-${width}.png`));
    }
  } finally {
    await browser?.close();
    await stack.stop();
  }
}

await main();
