/**
 * Upload throughput: Chromium uploads 100 generated images (~100 MB) through
 * the dashboard's own upload engine (the real new anti-AI order page of a
 * production build) to the emulator's presigned URLs; `curl` uploads the same
 * files to fresh URLs of the same kind, 4 at a time like the engine. Each
 * side is warmed up once, then runs --rounds times, alternating; the medians
 * and their ratio are reported. Writes bench/results/upload.json.
 * A second row does the same through a link shaped to 100 Mbit/s with 20 ms latency (CDP
 * Network.emulateNetworkConditions for Chromium, --limit-rate for curl).
 * Goals: on loopback the dashboard within 1.05 × the bare XHR page (Chromium's own floor; curl is
 * information); on the shaped link the dashboard at ≥ 95 % of the link's rate.
 *
 *   npm run bench:upload
 *   npm run bench:upload -- --files 20 --rounds 1   # a quick try
 *   npm run bench:upload -- --no-shaped             # loopback only
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page, type Request } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS, chromiumExecutable } from '../scripts/stack/chromium';
import { buildDashboard, call, createAccount, login, median, round, runBench, startDashboard, startEmulatorChild, waitUntil, writeResults } from './support/stack';

const { values: args } = parseArgs({
  options: {
    files: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '3' },
    'no-shaped': { type: 'boolean', default: false },
  },
});
const SHAPED = !args['no-shaped'];
const FILES = Number(args.files);
const ROUNDS = Number(args.rounds);
/** The engine's default: 4 parallel PUTs. */
const CONCURRENCY = 4;
/** Loopback: the dashboard's median within this factor of the bare XHR page's. */
const GOAL_VS_BARE = 1.05;
/** Shaped link: the dashboard reaches at least this share of the link's rate. */
const GOAL_LINK_SHARE = 0.95;
/** 100 Mbit/s each way, 20 ms latency. */
const LINK = { bytesPerSecond: 100e6 / 8, latencyMs: 20 };
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

type Cdp = Awaited<ReturnType<ReturnType<Page['context']>['newCDPSession']>>;

/** Main-thread time of the page (CDP Performance domain), to tell dashboard work from network time. */
async function mainThreadSeconds(cdp: Cdp) {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { task: get('TaskDuration'), script: get('ScriptDuration'), layout: get('LayoutDuration') + get('RecalcStyleDuration') };
}

/** A CDP session on the page with the Performance domain on and, when shaped, the link's conditions. */
async function instrument(page: Page, shaped: boolean): Promise<Cdp> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  if (shaped) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LINK.latencyMs,
      downloadThroughput: LINK.bytesPerSecond,
      uploadThroughput: LINK.bytesPerSecond,
    });
  }
  return cdp;
}

function mainThreadDetails(before: Awaited<ReturnType<typeof mainThreadSeconds>>, after: Awaited<ReturnType<typeof mainThreadSeconds>>) {
  return {
    mainThreadTaskSeconds: round(after.task - before.task),
    mainThreadScriptSeconds: round(after.script - before.script),
    mainThreadLayoutSeconds: round(after.layout - before.layout),
  };
}

async function browserRun(page: Page, dashboardUrl: string, emulatorUrl: string, token: string, files: string[], shaped: boolean): Promise<Timed> {
  await page.goto(`${dashboardUrl}/orders/new/anti-ai`);
  const input = page.locator('input[type=file]').first();
  await input.setInputFiles(files);
  await page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem').nth(files.length - 1).waitFor();
  // The files' decode-and-hash checks come before the order can be made: wait for them so the
  // main-thread time below is the order creation and the upload, not the checks.
  const create = page.getByRole('button', { name: 'Create order' });
  await page.waitForFunction((button) => button instanceof HTMLButtonElement && !button.disabled, await create.elementHandle(), { timeout: 120_000 });
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
  const cdp = await instrument(page, shaped);
  const before = await mainThreadSeconds(cdp);
  await create.click();
  await finished;
  const after = await mainThreadSeconds(cdp);

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
  await cdp.detach();
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await waitUntil(`order ${orderId} to finish`, async () => {
    const order = await call<{ status: string }>(emulatorUrl, token, 'GET', `/api/v2/orders/${encodeURIComponent(orderId)}`);
    return !['pending', 'inProgress'].includes(order.status);
  }, 300_000);
  return { seconds, details: mainThreadDetails(before, after) };
}

/**
 * All files in one curl process, `--parallel-max 4` transfers at a time over reused connections,
 * like the engine. One process per file (xargs -P 4) was tried first: on this shared 2-core machine
 * starting 100 curl processes took several times longer than the transfers themselves.
 */
function curlUpload(files: string[], urls: string[], shaped: boolean): Promise<number[]> {
  return new Promise((resolve, reject) => {
    // "Expect:" off: curl would otherwise wait for a 100 Continue on bodies over 1 MiB, a round trip the browser never makes.
    const args = ['-sS', '--no-progress-meter', '--parallel', '--parallel-max', String(CONCURRENCY), '-H', 'Content-Type: image/png', '-H', 'Expect:', '-w', '%{http_code}\\n'];
    // curl's --limit-rate holds each transfer, not the process: 4 transfers at a quarter of the link each
    // make the link's rate (in bytes: curl's "M" suffix is 2^20). Latency is not shaped for curl.
    if (shaped) args.push('--limit-rate', String(Math.floor(LINK.bytesPerSecond / CONCURRENCY)));
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

async function curlRun(emulatorUrl: string, token: string, files: string[], shaped = false): Promise<Timed> {
  const order = await call<{ files: { fileName: string; uploadUrl: string }[] }>(emulatorUrl, token, 'POST', '/api/v2/orders/anti-ai', {
    idempotencyKey: randomUUID(),
    orderName: 'curl baseline',
    files: files.map((f) => ({ fileName: path.basename(f) })),
  });
  const urlOf = new Map(order.files.map((f) => [f.fileName, f.uploadUrl]));
  const started = performance.now();
  await curlUpload(files, files.map((f) => urlOf.get(path.basename(f))!), shaped);
  return { seconds: (performance.now() - started) / 1000, details: {} };
}

/**
 * The same Chromium, no dashboard: a blank page PUTs the files with bare XMLHttpRequest, 4 at a time,
 * with an upload progress listener as the engine has. Splits a gap into browser cost and dashboard cost.
 */
async function bareXhrRun(page: Page, emulatorUrl: string, token: string, files: string[], { simple = false, shaped = false } = {}): Promise<Timed> {
  const order = await call<{ files: { fileName: string; uploadUrl: string }[] }>(emulatorUrl, token, 'POST', '/api/v2/orders/anti-ai', {
    idempotencyKey: randomUUID(),
    orderName: 'bare XHR baseline',
    files: files.map((f) => ({ fileName: path.basename(f) })),
  });
  await page.setContent('<input type="file" multiple aria-label="files">');
  await page.getByLabel('files').setInputFiles(files);
  const urls = Object.fromEntries(order.files.map((f) => [f.fileName, f.uploadUrl]));
  const cdp = await instrument(page, shaped);
  const before = await mainThreadSeconds(cdp);
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
  const after = await mainThreadSeconds(cdp);
  await cdp.detach();
  return { seconds: ms / 1000, details: mainThreadDetails(before, after) };
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

  type Side = 'browser' | 'bare-xhr' | 'bare-xhr-no-preflight' | 'curl' | 'browser-shaped' | 'bare-xhr-shaped' | 'curl-shaped';
  const runs: { side: Side; round: number; seconds: number; details: Record<string, number> }[] = [];
  const inPage = async <T,>(work: (page: Page) => Promise<T>) => {
    const page = await context.newPage();
    try {
      return await work(page);
    } finally {
      await page.close();
    }
  };
  for (let round = 0; round <= ROUNDS; round++) {
    const label = round === 0 ? 'warm-up' : `round ${round}`;
    const row: Array<[Side, Timed]> = [];
    const note = (side: Side, timed: Timed) => {
      row.push([side, timed]);
      console.log(`${label}: ${side.padEnd(22)} ${timed.seconds.toFixed(2)} s`, Object.keys(timed.details).length ? timed.details : '');
    };
    note('browser', await inPage((p) => browserRun(p, dashboard.url, emulator.url, token, images.paths, false)));
    note('bare-xhr', await inPage((p) => bareXhrRun(p, emulator.url, token, images.paths)));
    note('bare-xhr-no-preflight', await inPage((p) => bareXhrRun(p, emulator.url, token, images.paths, { simple: true })));
    note('curl', await curlRun(emulator.url, token, images.paths));
    if (SHAPED) {
      note('browser-shaped', await inPage((p) => browserRun(p, dashboard.url, emulator.url, token, images.paths, true)));
      note('bare-xhr-shaped', await inPage((p) => bareXhrRun(p, emulator.url, token, images.paths, { shaped: true })));
      note('curl-shaped', await curlRun(emulator.url, token, images.paths, true));
    }
    if (round > 0) runs.push(...row.map(([side, timed]) => ({ side, round, ...timed })));
  }

  const megabytes = images.totalBytes / 1e6;
  const of = (side: Side) => runs.filter((r) => r.side === side);
  const med = (side: Side) => median(of(side).map((r) => r.seconds));
  const busy = (side: Side) => (of(side).length && 'mainThreadTaskSeconds' in of(side)[0]!.details ? round(median(of(side).map((r) => r.details.mainThreadTaskSeconds!))) : null);
  const browserSeconds = med('browser');
  const bareSeconds = med('bare-xhr');
  const curlSeconds = med('curl');
  const vsBare = browserSeconds / bareSeconds;
  const line = (uploader: string, side: Side) => ({
    uploader,
    medianSeconds: round(med(side)),
    megabytesPerSecond: round(megabytes / med(side), 1),
    ratioToBareXhr: round(med(side) / bareSeconds),
    mainThreadBusySeconds: busy(side),
  });
  const table = [
    line('Chromium, dashboard upload engine', 'browser'),
    line('Chromium, bare XHR on a blank page', 'bare-xhr'),
    line('Chromium, bare XHR, text/plain (no CORS preflight)', 'bare-xhr-no-preflight'),
    line(`curl --parallel-max ${CONCURRENCY}`, 'curl'),
  ];
  const linkMbit = (LINK.bytesPerSecond * 8) / 1e6;
  const shapedLine = (uploader: string, side: Side) => ({
    uploader,
    medianSeconds: round(med(side)),
    megabytesPerSecond: round(megabytes / med(side), 1),
    percentOfLink: round((100 * images.totalBytes) / med(side) / LINK.bytesPerSecond, 1),
    mainThreadBusySeconds: busy(side),
  });
  const shapedTable = SHAPED
    ? [
        shapedLine('Chromium, dashboard upload engine', 'browser-shaped'),
        shapedLine('Chromium, bare XHR on a blank page', 'bare-xhr-shaped'),
        shapedLine(`curl --parallel-max ${CONCURRENCY} --limit-rate ${LINK.bytesPerSecond / CONCURRENCY}/transfer`, 'curl-shaped'),
      ]
    : [];
  const linkShare = SHAPED ? images.totalBytes / med('browser-shaped') / LINK.bytesPerSecond : null;
  console.log(`\n${FILES} files, ${megabytes.toFixed(1)} MB, concurrency ${CONCURRENCY}, median of ${ROUNDS} rounds after a warm-up; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('loopback:');
  console.table(table);
  console.log(`dashboard / bare XHR: ${vsBare.toFixed(3)} (goal ≤ ${GOAL_VS_BARE}) ${vsBare <= GOAL_VS_BARE ? 'met' : 'NOT met'}; bare XHR / curl ${(bareSeconds / curlSeconds).toFixed(2)} (information)`);
  if (SHAPED && linkShare !== null) {
    console.log(`link shaped to ${linkMbit} Mbit/s, ${LINK.latencyMs} ms latency:`);
    console.table(shapedTable);
    console.log(`dashboard at ${(100 * linkShare).toFixed(1)} % of the link (goal ≥ ${100 * GOAL_LINK_SHARE} %) ${linkShare >= GOAL_LINK_SHARE ? 'met' : 'NOT met'}`);
  }
  writeResults('upload', {
    settings: {
      files: FILES,
      megabytes: round(megabytes, 1),
      concurrency: CONCURRENCY,
      rounds: ROUNDS,
      goals: [`dashboard ≤ ${GOAL_VS_BARE} × bare XHR on loopback`, ...(SHAPED ? [`dashboard ≥ ${100 * GOAL_LINK_SHARE} % of a ${linkMbit} Mbit/s, ${LINK.latencyMs} ms link`] : [])],
      link: SHAPED ? { megabitsPerSecond: linkMbit, latencyMs: LINK.latencyMs } : null,
      mainThread: 'CDP Performance.getMetrics TaskDuration (ScriptDuration, LayoutDuration + RecalcStyleDuration) of the page, from the click (after the file checks) / the first PUT to the last PUT',
    },
    table,
    shapedTable,
    ratioToBareXhr: round(vsBare, 3),
    bareXhrRatioToCurl: round(bareSeconds / curlSeconds),
    browserRatioToCurl: round(browserSeconds / curlSeconds),
    linkShare: linkShare === null ? null : round(linkShare, 3),
    meetsGoal: vsBare <= GOAL_VS_BARE && (linkShare === null || linkShare >= GOAL_LINK_SHARE),
    runs: runs.map((r) => ({ ...r, seconds: round(r.seconds) })),
  });
  return true;
});
