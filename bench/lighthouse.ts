/**
 * Lighthouse (12, Node 20) in Debian's Chromium against a production build of
 * the dashboard: the sign-in page signed out, then the overview, orders, an
 * order, new anti-AI order, usage and webhooks pages signed in as the demo
 * account (with a seeded history).
 * Both presets by default: mobile (Lighthouse's default config: slow 4G, 4x CPU
 * slowdown, what Lighthouse and PageSpeed report first) and desktop.
 * `--preset mobile|desktop` (or LIGHTHOUSE_PRESET) runs one; `--pages a,b` a
 * few pages by name. Reports performance, accessibility and best-practices,
 * the median of --runs runs per page and preset, and in how many runs the charts' recharts chunk was fetched
 * inside Lighthouse's window (`rechartsRuns`: the charts fetch it once the page has settled, docs/decisions/charts.md).
 * Writes bench/results/lighthouse.json and HTML + JSON reports to .tmp/lighthouse/ (LIGHTHOUSE_TRACE=1: each run's
 * trace too, `<preset>-<page>-<run>.trace.json`, to find what a long task was).
 * Goal: 95 or more on each.
 *
 *   npm run bench:lighthouse
 *   npm run bench:lighthouse -- --runs 3
 *   npm run bench:lighthouse -- --preset mobile --pages overview,orders
 *   npm run bench:lighthouse -- --http1       # plain HTTP/1.1, as `npm start` serves without a certificate
 *
 * The dashboard is served over HTTPS with HTTP/2 by default, with a certificate made for the run: that is how a
 * deployed dashboard reaches a phone. Over HTTP/1.1 the browser opens six connections and pays a round trip per file,
 * which Lighthouse's simulated slow 4G counts in full.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '../scripts/stack/chromium';
import { seedActivity } from './support/seed';
import { selfSignedCertificate } from '../scripts/stack/certificate';
import { freePort } from '../scripts/stack/free-port';
import { buildDashboard, DEMO, login, median, ROOT, runBench, startDashboard, startEmulatorChild, waitUntil, writeResults } from './support/stack';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, preset: { type: 'string' }, pages: { type: 'string' }, http1: { type: 'boolean', default: false } },
});
/** Plain HTTP/1.1 instead of HTTPS with HTTP/2 (how the dashboard is served when deployed). */
const HTTP1 = args.http1;
const RUNS = Number(args.runs);
const PRESET_CHOICE = args.preset ?? process.env.LIGHTHOUSE_PRESET ?? 'both';
if (!['mobile', 'desktop', 'both'].includes(PRESET_CHOICE)) throw new Error(`--preset ${PRESET_CHOICE}: mobile, desktop or both`);
const PRESETS = (PRESET_CHOICE === 'both' ? ['mobile', 'desktop'] : [PRESET_CHOICE]) as Array<'mobile' | 'desktop'>;
const GOAL = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
/** `:order` is replaced by a seeded order of the demo account (a finished anti-AI order: the richest order page). */
const ALL_PAGES = [
  { name: 'sign-in', path: '/sign-in', signedIn: false },
  { name: 'overview', path: '/', signedIn: true },
  { name: 'orders', path: '/orders', signedIn: true },
  { name: 'order', path: '/orders/:order', signedIn: true },
  { name: 'new-anti-ai', path: '/orders/new/anti-ai', signedIn: true },
  { name: 'usage', path: '/usage', signedIn: true },
  { name: 'webhooks', path: '/webhooks', signedIn: true },
];
const wantedPages = args.pages?.split(',').map((name) => name.trim());
const PAGES = wantedPages ? ALL_PAGES.filter((p) => wantedPages.includes(p.name)) : ALL_PAGES;
if (PAGES.length === 0) throw new Error(`--pages ${args.pages}: none of ${ALL_PAGES.map((p) => p.name).join(', ')}`);

/** Audits that cost points in a category, so a gap comes with its reason. */
function losses(lhr: Result, category: string): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

/**
 * Whether the run fetched the charts' recharts chunk (src/components/charts/recharts-bar-chart.tsx), which a chart
 * asks for once the page is idle: a score is only a verdict on the chart's cost if the chart was drawn in the run.
 */
function fetchedRecharts(lhr: Result): boolean {
  const items = (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
  return items.some((item) => /\/recharts-bar-chart-[\w-]+\.js$/.test(item.url));
}

/** One Lighthouse run; a trace that failed to record (NO_NAVSTART and the like, seen on a busy machine) is run again, twice at most. */
async function audit(url: string, flags: Flags, config: Config | undefined) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt >= 3) throw new Error(`${url}: ${error.code} ${error.message}`);
    console.log(`${url}: ${error.code}, running again`);
  }
}

await runBench(async (stops) => {
  // Over HTTPS the emulator's storage URLs point at the dashboard's own origin, which proxies them: images over
  // plain HTTP on an HTTPS page would be mixed content (best practices), which a deployment's storage never is.
  const dashboardPort = await freePort();
  const publicUrl = HTTP1 ? undefined : `https://127.0.0.1:${dashboardPort}`;
  const emulator = await startEmulatorChild(publicUrl ? { EMULATOR_PUBLIC_URL: publicUrl } : {});
  stops.push(emulator.stop);
  console.log('building the dashboard…');
  const distDir = await buildDashboard();
  const dashboard = await startDashboard(distDir, emulator.url, HTTP1 ? { port: dashboardPort } : { port: dashboardPort, publicUrl, tls: selfSignedCertificate() });
  stops.push(dashboard.close);
  const { token, storedSession } = await login(emulator.url, DEMO);
  console.log('seeding the demo account…');
  const seeded = await seedActivity(emulator.url, token, 12);
  const orderId = seeded.orderIds[0]!;

  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-lighthouse-'));
  stops.push(() => fs.rmSync(profile, { recursive: true, force: true }));
  // One browser for Playwright (to sign in) and Lighthouse (over its debugging port): they share the profile's storage.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutable(),
    // The certificate is the bench's own, made for 127.0.0.1 a moment ago: no authority vouches for it.
    args: [...CHROMIUM_ARGS, '--remote-debugging-port=0', ...(HTTP1 ? [] : ['--ignore-certificate-errors'])],
    headless: true,
  });
  stops.push(() => context.close());
  const portFile = path.join(profile, 'DevToolsActivePort');
  await waitUntil('the debugging port', async () => fs.existsSync(portFile), 15_000);
  const port = Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]);
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);

  const reportDir = path.join(ROOT, '.tmp/lighthouse');
  fs.mkdirSync(reportDir, { recursive: true });
  const flags: Flags = { port, logLevel: 'error', output: 'html', onlyCategories: [...CATEGORIES], disableStorageReset: true };

  const rows = [];
  const versions = { lighthouse: '', userAgent: '' };
  for (const preset of PRESETS) {
    // Mobile is Lighthouse's default config (no config at all), as `lighthouse <url>` and PageSpeed run it.
    const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
    for (const page_ of PAGES) {
      const target = { ...page_, path: page_.path.replace(':order', orderId) };
      if (target.signedIn) {
        await page.goto(`${dashboard.url}/sign-in`);
        await page.evaluate((value) => window.localStorage.setItem('imprint.session', value), storedSession);
      } else {
        await page.goto(`${dashboard.url}/sign-in`);
        await page.evaluate(() => window.localStorage.clear());
      }
      const scores: Record<string, number[]> = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
      const lcp: number[] = [];
      const tbt: number[] = [];
      const cls: number[] = [];
      const recharts: boolean[] = [];
      let last: Result | undefined;
      for (let run = 0; run < RUNS; run++) {
        // disableStorageReset keeps the session in localStorage, but it keeps the HTTP cache too: every run after the
        // first (and every page after sign-in) loaded its code from the cache. A phone's first visit has none.
        await cdp.send('Network.clearBrowserCache');
        const result = await audit(`${dashboard.url}${target.path}`, flags, config);
        const lhr = result.lhr;
        if (new URL(lhr.finalDisplayedUrl).pathname !== target.path) throw new Error(`${target.path} ended on ${lhr.finalDisplayedUrl}: the session did not hold`);
        for (const c of CATEGORIES) scores[c]!.push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
        lcp.push(metric(lhr, 'largest-contentful-paint'));
        tbt.push(metric(lhr, 'total-blocking-time'));
        cls.push(metric(lhr, 'cumulative-layout-shift'));
        recharts.push(fetchedRecharts(lhr));
        fs.writeFileSync(path.join(reportDir, `${preset}-${target.name}-${run + 1}.html`), String(result.report));
        fs.writeFileSync(path.join(reportDir, `${preset}-${target.name}-${run + 1}.json`), JSON.stringify(lhr));
        if (process.env.LIGHTHOUSE_TRACE === '1') fs.writeFileSync(path.join(reportDir, `${preset}-${target.name}-${run + 1}.trace.json`), JSON.stringify(result.artifacts.Trace));
        last = lhr;
        versions.lighthouse = lhr.lighthouseVersion;
        versions.userAgent = lhr.environment.hostUserAgent;
      }
      const row = {
        page: target.name,
        preset,
        path: page_.path,
        performance: median(scores.performance!),
        accessibility: median(scores.accessibility!),
        bestPractices: median(scores['best-practices']!),
        lcpMs: Math.round(median(lcp)),
        tbtMs: Math.round(median(tbt)),
        cls: Number(median(cls).toFixed(3)),
        /** Runs (of --runs) in which the charts fetched recharts before Lighthouse stopped watching (they draw with it at once). */
        rechartsRuns: recharts.filter(Boolean).length,
        lostPoints: Object.fromEntries(CATEGORIES.map((c) => [c, losses(last!, c)] as const).filter(([, list]) => list.length > 0)),
      };
      rows.push({ ...row, meetsGoal: row.performance >= GOAL && row.accessibility >= GOAL && row.bestPractices >= GOAL });
      console.log(`${preset} ${target.path}: performance ${row.performance}, accessibility ${row.accessibility}, best practices ${row.bestPractices}, TBT ${row.tbtMs} ms`);
    }
  }
  const browser = /Chrome\/[\d.]+/.exec(versions.userAgent)?.[0] ?? versions.userAgent;
  console.log(`\nLighthouse ${versions.lighthouse}, ${PRESETS.join(' and ')} preset(s), ${RUNS} run(s) per page (median), ${browser}, ${HTTP1 ? 'HTTP/1.1' : 'HTTP/2 over TLS'}`);
  console.table(rows.map(({ lostPoints: _lost, ...r }) => r));
  for (const row of rows) if (Object.keys(row.lostPoints).length) console.log(`${row.preset} ${row.page} loses points on:`, row.lostPoints);
  writeResults('lighthouse', { settings: { lighthouse: versions.lighthouse, browser, presets: PRESETS, runs: RUNS, protocol: HTTP1 ? 'HTTP/1.1' : 'HTTP/2 over TLS', goal: `${GOAL}+ on each category`, reports: '.tmp/lighthouse/' }, rows, meetsGoal: rows.every((r) => r.meetsGoal) });
  return true;
});
