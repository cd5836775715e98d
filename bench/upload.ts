/**
 * Upload throughput: Chromium uploads 100 generated images (~100 MB) through
 * the dashboard's own upload engine (the real new anti-AI order page of a
 * production build) to the emulator's presigned URLs; `curl` uploads the same
 * files to fresh URLs of the same kind, 4 at a time like the engine. Each
 * side is warmed up once, then runs --rounds times, alternating; the medians
 * and their ratio are reported. Writes bench/results/upload.json.
 * Goal: the browser within 1.25 × curl.
 *
 *   npm run bench:upload
 *   npm run bench:upload -- --files 20 --rounds 1   # a quick try
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page, type Request } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS, chromiumExecutable } from '../e2e/support/chromium';
import { buildDashboard, call, createAccount, login, median, round, runBench, startDashboard, startEmulatorChild, waitUntil, writeResults } from './support/stack';

const { values: args } = parseArgs({
  options: {
    files: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '3' },
  },
});
const FILES = Number(args.files);
const ROUNDS = Number(args.rounds);
/** The engine's default: 4 parallel PUTs. */
const CONCURRENCY = 4;
const GOAL_RATIO = 1.25;
const SIDE = 580; // 580² RGB of Gaussian noise is ~1 MB as PNG: noise does not compress.

interface Generated {
  dir: string;
  paths: string[];
  totalBytes: number;
}

async function generateImages(count: number): Promise<Generated> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-bench-upload-'));
  const paths: string[] = [];
  let totalBytes = 0;
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `photo-${String(i + 1).padStart(3, '0')}.png`);
    const { size } = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 1 })
      .toFile(file);
    paths.push(file);
    totalBytes += size;
  }
  return { dir, paths, totalBytes };
}

interface Timed {
  seconds: number;
  details: Record<string, number>;
}

/** Main-thread time of the page (CDP Performance domain), to tell dashboard work from network time. */
async function mainThreadSeconds(page: Page, cdp: Awaited<ReturnType<ReturnType<Page['context']>['newCDPSession']>>) {
  void page;
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { task: get('TaskDuration'), script: get('ScriptDuration'), layout: get('LayoutDuration') + get('RecalcStyleDuration') };
}

async function browserRun(page: Page, dashboardUrl: string, emulatorUrl: string, token: string, files: string[]): Promise<Timed> {
  await page.goto(`${dashboardUrl}/orders/new/anti-ai`);
  const input = page.locator('input[type=file]').first();
  await input.setInputFiles(files);
  await page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem').nth(files.length - 1).waitFor();
  const puts: Request[] = [];
  const finished = new Promise<void>((resolve, reject) => {
    const onFinished = (request: Request) => {
      if (request.method() !== 'PUT') return;
      puts.push(request);
      if (puts.length === files.length) {
        page.off('requestfinished', onFinished);
        resolve();
      }
    };
    page.on('requestfinished', onFinished);
    page.on('requestfailed', (request) => {
      if (request.method() === 'PUT') reject(new Error(`PUT failed: ${request.failure()?.errorText}`));
    });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const before = await mainThreadSeconds(page, cdp);
  await page.getByRole('button', { name: 'Create order' }).click();
  await finished;
  const after = await mainThreadSeconds(page, cdp);
  await cdp.detach();

  const spans = await Promise.all(
    puts.map(async (request) => {
      const timing = request.timing();
      const response = await request.response();
      if (!response || response.status() !== 200) throw new Error(`PUT answered ${response?.status()}`);
      return { start: timing.startTime, end: timing.startTime + timing.responseEnd };
    }),
  );
  const seconds = (Math.max(...spans.map((s) => s.end)) - Math.min(...spans.map((s) => s.start))) / 1000;

  // The page confirms and goes to the order; let processing finish so it does not slow the next run.
  await page.waitForURL(/\/orders\/[^/]+$/, { timeout: 60_000 });
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await waitUntil(`order ${orderId} to finish`, async () => {
    const order = await call<{ status: string }>(emulatorUrl, token, 'GET', `/api/v2/orders/${encodeURIComponent(orderId)}`);
    return !['pending', 'inProgress'].includes(order.status);
  }, 300_000);
  return {
    seconds,
    details: {
      mainThreadTaskSeconds: round(after.task - before.task),
      mainThreadScriptSeconds: round(after.script - before.script),
      mainThreadLayoutSeconds: round(after.layout - before.layout),
    },
  };
}

/**
 * All files in one curl process, `--parallel-max 4` transfers at a time over reused connections,
 * like the engine. One process per file (xargs -P 4) was tried first: on this shared 2-core machine
 * starting 100 curl processes took several times longer than the transfers themselves.
 */
function curlUpload(files: string[], urls: string[]): Promise<number[]> {
  return new Promise((resolve, reject) => {
    // "Expect:" off: curl would otherwise wait for a 100 Continue on bodies over 1 MiB, a round trip the browser never makes.
    const args = ['-sS', '--no-progress-meter', '--parallel', '--parallel-max', String(CONCURRENCY), '-H', 'Content-Type: image/png', '-H', 'Expect:', '-w', '%{http_code}\\n'];
    files.forEach((file, i) => args.push('-T', file, '-o', '/dev/null', urls[i]!));
    const child = spawn('curl', args);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const statuses = out.split('\n').filter((line) => /^\d{3}$/.test(line)).map(Number);
      if (code === 0 && statuses.length === files.length && statuses.every((s) => s === 200)) resolve(statuses);
      else reject(new Error(`curl ${code}: ${statuses.length} answers, ${err.slice(0, 500)}`));
    });
  });
}

async function curlRun(emulatorUrl: string, token: string, files: string[]): Promise<Timed> {
  const order = await call<{ files: { fileName: string; uploadUrl: string }[] }>(emulatorUrl, token, 'POST', '/api/v2/orders/anti-ai', {
    idempotencyKey: randomUUID(),
    orderName: 'curl baseline',
    files: files.map((f) => ({ fileName: path.basename(f) })),
  });
  const urlOf = new Map(order.files.map((f) => [f.fileName, f.uploadUrl]));
  const started = performance.now();
  await curlUpload(files, files.map((f) => urlOf.get(path.basename(f))!));
  return { seconds: (performance.now() - started) / 1000, details: {} };
}

/**
 * The same Chromium, no dashboard: a blank page PUTs the files with bare XMLHttpRequest, 4 at a time,
 * with an upload progress listener as the engine has. Splits a gap into browser cost and dashboard cost.
 */
async function bareXhrRun(page: Page, emulatorUrl: string, token: string, files: string[], simple = false): Promise<Timed> {
  const order = await call<{ files: { fileName: string; uploadUrl: string }[] }>(emulatorUrl, token, 'POST', '/api/v2/orders/anti-ai', {
    idempotencyKey: randomUUID(),
    orderName: 'bare XHR baseline',
    files: files.map((f) => ({ fileName: path.basename(f) })),
  });
  await page.setContent('<input type="file" multiple aria-label="files">');
  await page.getByLabel('files').setInputFiles(files);
  const urls = Object.fromEntries(order.files.map((f) => [f.fileName, f.uploadUrl]));
  // A string, not a function: tsx's transform would add helpers (__name) the page does not have.
  const ms = (await page.evaluate(`(async () => {
    const urls = ${JSON.stringify(urls)};
    const list = Array.from(document.querySelector('input').files);
    let next = 0;
    function put(file) {
      return new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('PUT', urls[file.name]);
        if (${simple}) {
          // text/plain and no upload listener: a CORS "simple" request, sent without a preflight.
          xhr.onload = () => (xhr.status === 200 ? resolve() : reject(new Error('HTTP ' + xhr.status)));
          xhr.onerror = () => reject(new Error('network error'));
          xhr.send(file.slice(0, file.size, 'text/plain'));
          return;
        }
        xhr.setRequestHeader('Content-Type', 'image/png');
        xhr.upload.onprogress = () => {};
        xhr.onload = () => (xhr.status === 200 ? resolve() : reject(new Error('HTTP ' + xhr.status)));
        xhr.onerror = () => reject(new Error('network error'));
        xhr.send(file);
      });
    }
    async function worker() {
      while (next < list.length) await put(list[next++]);
    }
    const started = performance.now();
    await Promise.all(Array.from({ length: ${CONCURRENCY} }, worker));
    return performance.now() - started;
  })()`)) as number;
  return { seconds: ms / 1000, details: {} };
}

await runBench(async (stops) => {
  const emulator = await startEmulatorChild({ EMULATOR_UPLOAD_URL_TTL_S: '3600' });
  stops.push(emulator.stop);
  console.log('building the dashboard…');
  const distDir = await buildDashboard();
  const dashboard = await startDashboard(distDir, emulator.url);
  stops.push(dashboard.close);
  console.log(`generating ${FILES} images…`);
  const images = await generateImages(FILES);
  stops.push(() => fs.rmSync(images.dir, { recursive: true, force: true }));
  console.log(`${FILES} PNG files, ${(images.totalBytes / 1e6).toFixed(1)} MB`);

  const account = await createAccount(emulator.url, 'bench-upload@example.com');
  const { token, storedSession } = await login(emulator.url, account);
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS, headless: true });
  stops.push(() => browser.close());
  const context = await browser.newContext();
  await context.addInitScript((value) => {
    if (!window.localStorage.getItem('imprint.session')) window.localStorage.setItem('imprint.session', value);
  }, storedSession);

  const runs: { side: 'browser' | 'bare-xhr' | 'bare-xhr-no-preflight' | 'curl'; round: number; seconds: number; details: Record<string, number> }[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const label = round === 0 ? 'warm-up' : `round ${round}`;
    const page = await context.newPage();
    const b = await browserRun(page, dashboard.url, emulator.url, token, images.paths);
    await page.close();
    console.log(`${label}: browser ${b.seconds.toFixed(2)} s`, b.details);
    const blank = await context.newPage();
    const x = await bareXhrRun(blank, emulator.url, token, images.paths);
    await blank.close();
    console.log(`${label}: bare XHR ${x.seconds.toFixed(2)} s`);
    const simplePage = await context.newPage();
    const xs = await bareXhrRun(simplePage, emulator.url, token, images.paths, true);
    await simplePage.close();
    console.log(`${label}: bare XHR, no preflight ${xs.seconds.toFixed(2)} s`);
    const c = await curlRun(emulator.url, token, images.paths);
    console.log(`${label}: curl    ${c.seconds.toFixed(2)} s`);
    if (round > 0) runs.push({ side: 'browser', round, ...b }, { side: 'bare-xhr', round, ...x }, { side: 'bare-xhr-no-preflight', round, ...xs }, { side: 'curl', round, ...c });
  }

  const browserSeconds = median(runs.filter((r) => r.side === 'browser').map((r) => r.seconds));
  const curlSeconds = median(runs.filter((r) => r.side === 'curl').map((r) => r.seconds));
  const bareSeconds = median(runs.filter((r) => r.side === 'bare-xhr').map((r) => r.seconds));
  const simpleSeconds = median(runs.filter((r) => r.side === 'bare-xhr-no-preflight').map((r) => r.seconds));
  const ratio = browserSeconds / curlSeconds;
  const megabytes = images.totalBytes / 1e6;
  const table = [
    { uploader: 'Chromium, dashboard upload engine', medianSeconds: round(browserSeconds), megabytesPerSecond: round(megabytes / browserSeconds, 1) },
    { uploader: 'Chromium, bare XHR on a blank page', medianSeconds: round(bareSeconds), megabytesPerSecond: round(megabytes / bareSeconds, 1) },
    { uploader: 'Chromium, bare XHR, text/plain (no CORS preflight)', medianSeconds: round(simpleSeconds), megabytesPerSecond: round(megabytes / simpleSeconds, 1) },
    { uploader: `curl --parallel-max ${CONCURRENCY}`, medianSeconds: round(curlSeconds), megabytesPerSecond: round(megabytes / curlSeconds, 1) },
  ];
  console.log(`\n${FILES} files, ${megabytes.toFixed(1)} MB, concurrency ${CONCURRENCY}, median of ${ROUNDS} rounds after a warm-up`);
  console.table(table);
  console.log(`ratio browser / curl: ${ratio.toFixed(2)} (goal ≤ ${GOAL_RATIO}); bare XHR / curl: ${(bareSeconds / curlSeconds).toFixed(2)}`);
  writeResults('upload', {
    settings: { files: FILES, megabytes: round(megabytes, 1), concurrency: CONCURRENCY, rounds: ROUNDS, goal: `browser ≤ ${GOAL_RATIO} × curl` },
    table,
    ratio: round(ratio),
    bareXhrRatio: round(bareSeconds / curlSeconds),
    bareXhrNoPreflightRatio: round(simpleSeconds / curlSeconds),
    meetsGoal: ratio <= GOAL_RATIO,
    runs: runs.map((r) => ({ ...r, seconds: round(r.seconds) })),
  });
  return true;
});
