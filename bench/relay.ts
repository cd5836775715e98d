/**
 * The storage relay (server/upload-relay.ts): uploads through the dashboard server against uploads straight to
 * storage, on the same files in the same run, and the dashboard server's memory while it relays.
 * - Throughput: ROUNDS rounds, each uploading FILES files of 50 MB (MAX_FILE_BYTES), PARALLEL at a time, once
 *   directly and once through /_relay (which goes first alternates). Goal: relay ≥ 0.9 × direct (median of rounds).
 * - Memory: 10 parallel 50 MB uploads through the relay; the dashboard server's resident set (it runs alone in a child
 *   process, /proc/<pid>/status sampled every 20 ms) may grow by less than 100 MB over its level before the burst.
 * The storage is the emulator's S3-like storage on its own origin (EMULATOR_STORAGE_PORT), on disk, as in the e2e tests.
 * Writes bench/results/relay.json.
 *
 *   npm run bench:relay
 *   npm run bench:relay -- --rounds 3 --files 4 --parallel 2
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { MAX_FILE_BYTES } from '../src/api/limits';
import { freePort } from '../scripts/stack/free-port';
import { call, createAccount, login, median, ROOT, round, runBench, startEmulatorChild, writeResults } from './support/stack';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    files: { type: 'string', default: '4' },
    parallel: { type: 'string', default: '2' },
    burst: { type: 'string', default: '10' },
  },
});
const ROUNDS = Number(args.rounds);
const FILES = Number(args.files);
const PARALLEL = Number(args.parallel);
const BURST = Number(args.burst);
const FILE_BYTES = MAX_FILE_BYTES;
const GOAL_RATIO = 0.9;
const GOAL_RSS_GROWTH_MB = 100;
const MB = 1024 * 1024;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** 50 MB of bytes that do not compress, the same for every upload. */
const body = Buffer.alloc(FILE_BYTES);
for (let i = 0; i < body.length; i += 4) body.writeUInt32LE(((Math.imul(i, 2654435761) ^ 0x5bd1e995) >>> 0), i);

/** The process's resident set; 0 once it is gone. */
function rssBytes(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) the process has used so far; /proc/<pid>/stat counts in clock ticks (100 a second). */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function startRelayDashboard(emulatorUrl: string, storageOrigin: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/relay-dashboard.ts', emulatorUrl, storageOrigin], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /relay dashboard on (\S+)/.exec(seen);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`relay dashboard exited with ${code}: ${seen}`)));
  });
  child.stdout!.resume();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { url, pid: child.pid!, stop: async () => (child.kill('SIGTERM'), await exited) };
}

await runBench(async (stops) => {
  const storagePort = await freePort();
  const emulator = await startEmulatorChild({ EMULATOR_STORAGE_PORT: String(storagePort), EMULATOR_STORAGE_CORS: '*', EMULATOR_UPLOAD_URL_TTL_S: '3600' });
  stops.push(emulator.stop);
  const storageOrigin = `http://127.0.0.1:${storagePort}`;
  const dashboard = await startRelayDashboard(emulator.url, storageOrigin);
  stops.push(dashboard.stop);
  const account = await createAccount(emulator.url, 'bench-relay@example.com');
  const { token } = await login(emulator.url, account);

  let orderNo = 0;
  /** Fresh upload URLs: an order waiting for `n` files. */
  const uploadUrls = async (n: number): Promise<string[]> => {
    const created = await call<{ files: { uploadUrl: string }[] }>(emulator.url, token, 'POST', '/api/v2/orders/anti-ai', {
      idempotencyKey: `bench-relay-${Date.now()}-${++orderNo}`,
      files: Array.from({ length: n }, (_, i) => ({ fileName: `f${i}.png` })),
    });
    const urls = created.files.map((f) => f.uploadUrl);
    if (!urls.every((u) => u.startsWith(storageOrigin))) throw new Error(`upload URLs are not on ${storageOrigin}: ${urls[0]}`);
    return urls;
  };
  /** One PUT as a browser sends it (Content-Length, one connection per upload); an early answer is reported with its body. */
  const put = (url: string) =>
    new Promise<void>((resolve, reject) => {
      const target = new URL(url);
      const req = http.request(target, { method: 'PUT', agent, headers: { 'Content-Type': 'image/png', 'Content-Length': FILE_BYTES } }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => (res.statusCode! >= 200 && res.statusCode! < 300 ? resolve() : reject(new Error(`PUT ${target.pathname}: ${res.statusCode} ${text.slice(0, 300)}`))));
      });
      // An answer before the whole body (a refusal) closes the socket under the rest: the answer above says why.
      req.on('error', (error) => setTimeout(() => reject(new Error(`PUT ${target.origin}${target.pathname}: ${error.message}`)), 200));
      req.end(body);
    });
  const relayed = (url: string) => `${dashboard.url}/_relay?url=${encodeURIComponent(url)}`;
  /** Uploads the URLs `parallel` at a time; MB/s over the whole set. */
  const upload = async (urls: string[], parallel: number): Promise<number> => {
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < urls.length) await put(urls[next++]!);
      }),
    );
    return (urls.length * FILE_BYTES) / MB / ((performance.now() - started) / 1000);
  };

  // Warm-up: connections, JIT, the emulator's first files.
  await upload(await uploadUrls(2), 2);
  await upload((await uploadUrls(2)).map(relayed), 2);

  const rounds: { direct: number; relay: number; ratio: number }[] = [];
  const cpuBefore = cpuSeconds(dashboard.pid);
  for (let r = 0; r < ROUNDS; r++) {
    const directUrls = await uploadUrls(FILES);
    const relayUrls = (await uploadUrls(FILES)).map(relayed);
    let direct: number;
    let relay: number;
    if (r % 2 === 0) {
      direct = await upload(directUrls, PARALLEL);
      relay = await upload(relayUrls, PARALLEL);
    } else {
      relay = await upload(relayUrls, PARALLEL);
      direct = await upload(directUrls, PARALLEL);
    }
    rounds.push({ direct: round(direct, 1), relay: round(relay, 1), ratio: round(relay / direct, 3) });
    console.log(`round ${r + 1}: direct ${direct.toFixed(1)} MB/s, relay ${relay.toFixed(1)} MB/s (${(relay / direct).toFixed(3)}×)`);
  }
  const ratio = median(rounds.map((x) => x.ratio));
  // Over all rounds: bytes over the summed time of each path (a slow round weighs by its length, not as one vote).
  const overall = rounds.reduce((sum, x) => sum + 1 / x.direct, 0) / rounds.reduce((sum, x) => sum + 1 / x.relay, 0);
  // The relay's own cost, which a busy machine's scheduling does not blur: CPU seconds per GB relayed.
  const relayedGb = (ROUNDS * FILES * FILE_BYTES) / 1024 ** 3;
  const cpuPerGb = (cpuSeconds(dashboard.pid) - cpuBefore) / relayedGb;
  console.log(`relay/direct over all rounds: ${overall.toFixed(3)}×; the relay used ${cpuPerGb.toFixed(2)} CPU s per GB relayed`);

  // Memory: the burst, with the server's resident set sampled throughout.
  const burstUrls = (await uploadUrls(BURST)).map(relayed);
  await new Promise((r) => setTimeout(r, 500));
  const before = rssBytes(dashboard.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(dashboard.pid))), 20);
  const burstStarted = performance.now();
  await Promise.all(burstUrls.map(put));
  const burstSeconds = (performance.now() - burstStarted) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssBytes(dashboard.pid));
  const growthMb = (peak - before) / MB;
  console.log(`burst: ${BURST} × ${FILE_BYTES / MB} MB in parallel through the relay in ${burstSeconds.toFixed(1)} s; dashboard server RSS ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB (+${growthMb.toFixed(1)} MB)`);

  const throughputOk = ratio >= GOAL_RATIO;
  const memoryOk = growthMb < GOAL_RSS_GROWTH_MB;
  console.log(`relay/direct (median of ${ROUNDS}): ${ratio.toFixed(3)}× (goal ≥ ${GOAL_RATIO}) ${throughputOk ? 'ok' : 'MISSED'}; RSS growth ${growthMb.toFixed(1)} MB (goal < ${GOAL_RSS_GROWTH_MB}) ${memoryOk ? 'ok' : 'MISSED'}`);
  writeResults('relay', {
    settings: { rounds: ROUNDS, filesPerRound: FILES, parallel: PARALLEL, fileBytes: FILE_BYTES, burst: BURST },
    throughput: { rounds, medianRatio: round(ratio, 3), overallRatio: round(overall, 3), relayCpuSecondsPerGb: round(cpuPerGb, 2), goal: GOAL_RATIO, ok: throughputOk },
    memory: { rssBeforeMb: round(before / MB, 1), rssPeakMb: round(peak / MB, 1), growthMb: round(growthMb, 1), burstSeconds: round(burstSeconds, 1), goalMb: GOAL_RSS_GROWTH_MB, ok: memoryOk },
  });
  return throughputOk && memoryOk;
});
