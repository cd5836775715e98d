/**
 * `npm run screenshots`: every page at 1280 and 375 px, light and dark, into docs/screenshots/<page>-<width>-<theme>.png.
 * Starts its own stack like the end-to-end tests (a fresh emulator with the demo account and its history, the built
 * dashboard), signs in as the demo account and visits each page. SKIP_BUILD=1 reuses the last build of this script.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'vite';
import { configFromEnv } from '../emulator/config';
import { startEmulator } from '../emulator/server';
import { startDashboardServer } from '../server/dashboard-server';
import { CHROMIUM_ARGS, chromiumExecutable } from '../e2e/support/chromium';

const OUT = path.resolve('docs/screenshots');
const DIST = path.resolve('.tmp/dist-screenshots');
const WIDTHS = [1280, 375] as const;
const THEMES = ['light', 'dark'] as const;
const DEMO = { email: 'demo@example.com', password: 'demo1234' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function api<T>(base: string, token: string, p: string): Promise<T> {
  const res = await fetch(`${base}/api/v2${p}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

async function login(base: string) {
  const res = await fetch(`${base}/api/v2/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(DEMO) });
  if (!res.ok) throw new Error(`demo sign-in failed: ${res.status}`);
  const json = (await res.json()) as Record<string, unknown>;
  const token = res.headers.get('accesstoken')!;
  const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
  // The session the dashboard keeps in localStorage (features/auth/session.ts), as e2e/support/fixtures.ts seeds it.
  const session = { token, expiresAt: exp * 1000, method: 'password', signedInAt: Date.now(), account: 'data' in json ? json.data : json };
  return { token, session: JSON.stringify(session) };
}

/** Waits for the page's content (a heading, no skeleton, charts drawn); a page that never settles is shot as it is. */
async function settle(page: Page) {
  try {
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => document.querySelectorAll('.animate-pulse').length === 0, undefined, { timeout: 20_000 });
    await page.waitForLoadState('networkidle', { timeout: 10_000 });
  } catch {
    console.warn(`  ${page.url()} did not settle; shot as it is`);
  }
  // Let transitions and the chart's first animation finish.
  await page.waitForTimeout(600);
}

async function main() {
  if (process.env.SKIP_BUILD !== '1' || !fs.existsSync(path.join(DIST, 'index.html'))) {
    console.log('building the dashboard…');
    await build({ logLevel: 'warn', build: { outDir: DIST, emptyOutDir: true } });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-screenshots-'));
  const emulator = await startEmulator(configFromEnv({ EMULATOR_DATA_DIR: dataDir, EMULATOR_PORT: '0', EMULATOR_PROCESSING_DELAY_MS: '300' }));
  console.log('making the demo history…');
  await emulator.demoHistory;
  const dashboard = await startDashboardServer({
    distDir: DIST,
    apiTarget: emulator.url,
    proxyEmulatorNamespace: true,
    storageOrigins: [emulator.url],
    host: '127.0.0.1',
    port: await freePort(),
  });

  let browser: Browser | undefined;
  try {
    const { token, session } = await login(emulator.url);
    const { orders } = await api<{ orders: { orderId: string; orderName: string }[] }>(emulator.url, token, '/orders?limit=100');
    const { webhooks } = await api<{ webhooks: { id: number; name: string }[] }>(emulator.url, token, '/orders/webhooks');
    const order = orders.find((o) => o.orderName === 'Homepage banners') ?? orders[0];
    const hook = webhooks.find((w) => w.name === 'Shop backend') ?? webhooks[0];
    const pages: { name: string; path: string; signedIn: boolean }[] = [
      { name: 'overview', path: '/', signedIn: true },
      { name: 'orders', path: '/orders', signedIn: true },
      ...(order ? [{ name: 'order-detail', path: `/orders/${order.orderId}`, signedIn: true }] : []),
      { name: 'new-anti-ai', path: '/orders/new/anti-ai', signedIn: true },
      { name: 'new-embed', path: '/orders/new/embed', signedIn: true },
      { name: 'new-extract', path: '/orders/new/extract', signedIn: true },
      { name: 'usage', path: '/usage', signedIn: true },
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
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        for (const signedIn of [true, false]) {
          const context = await browser.newContext({ viewport: { width, height: width === 375 ? 800 : 900 }, colorScheme: theme, baseURL: dashboard.url });
          if (signedIn) await context.addInitScript((value) => window.localStorage.setItem('imprint.session', value), session);
          const page = await context.newPage();
          for (const p of pages.filter((x) => x.signedIn === signedIn)) {
            await page.goto(p.path);
            await settle(page);
            const file = path.join(OUT, `${p.name}-${width}-${theme}.png`);
            await page.screenshot({ path: file, fullPage: true });
            console.log(`  ${path.relative(process.cwd(), file)}`);
          }
          await context.close();
        }
      }
    }
  } finally {
    await browser?.close();
    await dashboard.close();
    await emulator.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
