/**
 * The API at scale (issue 16), run by `npm run bench:api -- --scale`: for each size (1k, 10k, 100k orders
 * with 10 delivery events per order, so 1M events at 100k), seeds a data folder through the emulator's own
 * schema and domain code, starts the emulator on it (start-up time recorded), and measures every list,
 * detail, stats and webhook endpoint with autocannon at 1, 20 and 50 connections. Prints p50/p99/req/s per
 * size and the growth ratio of p99 from the smallest size to the largest; writes bench/results/api-scale.json.
 * Goal: growth ≤ 1.5× and p99 < 50 ms at the largest size.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { seededDataDir } from './support/seed-db';
import { RARE_NAME, seedScale, type ScaleSeed } from './support/seed-scale';
import { login, round, runBench, startEmulatorChild, writeResults } from './support/stack';

export interface ScaleOptions {
  sizes: number[];
  eventsPerOrder: number;
  durationSeconds: number;
  connections: number[];
}

const GOAL_GROWTH = 1.5;
const GOAL_P99_MS = 50;
const GOAL_MIN_CONNECTIONS = 20;

interface Target {
  endpoint: string;
  path: string;
}

function targets(seed: ScaleSeed): Target[] {
  const lastOrdersPage = Math.max(1, Math.ceil(seed.orders / 10));
  const lastEventsPage = Math.max(1, Math.ceil(seed.events / 20));
  const hook = `/api/v2/orders/webhooks/${seed.webhookId}`;
  return [
    { endpoint: 'orders list, page 1', path: '/api/v2/orders' },
    { endpoint: 'orders list, last page', path: `/api/v2/orders?page=${lastOrdersPage}` },
    { endpoint: 'orders list, status=failed', path: '/api/v2/orders?status=failed' },
    { endpoint: 'orders list, type=watermarkEmbed&status=complete', path: '/api/v2/orders?type=watermarkEmbed&status=complete' },
    { endpoint: `orders list, keyword (${RARE_NAME}: 5 matches)`, path: `/api/v2/orders?keyword=${encodeURIComponent(RARE_NAME)}` },
    { endpoint: 'order detail', path: `/api/v2/orders/${encodeURIComponent(seed.orderId)}` },
    { endpoint: 'stats/recent', path: '/api/v2/orders/stats/recent' },
    { endpoint: 'webhooks list', path: '/api/v2/orders/webhooks' },
    { endpoint: 'webhook detail', path: hook },
    { endpoint: 'delivery events, page 1', path: `${hook}/events?page=1&limit=20` },
    { endpoint: 'delivery events, last page', path: `${hook}/events?page=${lastEventsPage}&limit=20` },
    { endpoint: 'webhook recent attempts (health)', path: `/_emulator/webhooks/${seed.webhookId}/attempts` },
    { endpoint: "an event's attempts", path: `/_emulator/webhooks/${seed.webhookId}/events/${seed.eventId}/attempts` },
    // Last: their cost grows with the matches (see docs/decisions/orders.md), and a backlog they leave must not
    // land in another endpoint's numbers.
    { endpoint: 'orders list, keyword matching every order', path: `/api/v2/orders?keyword=Catalogue` },
    { endpoint: 'orders list, 2-character keyword (LIKE)', path: `/api/v2/orders?keyword=zq` },
  ];
}

interface Measurement {
  size: number;
  events: number;
  endpoint: string;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

interface SizeRun {
  orders: number;
  events: number;
  seedSeconds: number;
  startupMs: number;
  databaseMb: number;
}

function load(url: string, token: string, connections: number, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration, headers: { Authorization: `Bearer ${token}` } });
}

/**
 * autocannon stops sending when its time is up, but requests already queued in the emulator still run;
 * one more request answers only after them, so the next endpoint starts on an idle emulator.
 */
async function drained(emulatorUrl: string, token: string): Promise<void> {
  await fetch(`${emulatorUrl}/api/v2/orders/stats/recent`, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(120_000) });
}

function flushToDisk(dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    const fd = fs.openSync(path.join(dir, name), 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }
}

function databaseMb(dir: string): number {
  const bytes = fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
  return round(bytes / 1e6, 0);
}

export async function runScaleBench(options: ScaleOptions): Promise<never> {
  return runBench(async (stops) => {
    const measurements: Measurement[] = [];
    const sizes: SizeRun[] = [];
    for (const orders of options.sizes) {
      const events = orders * options.eventsPerOrder;
      console.log(`\nseeding ${orders.toLocaleString('en')} orders and ${events.toLocaleString('en')} delivery events…`);
      const { dataDir, seeded: seed, remove: removeData } = seededDataDir('scale', (dir) => seedScale(dir, orders, events), stops);
      console.log(`seeded in ${seed.seedSeconds} s (${databaseMb(dataDir)} MB)`);
      // Hundreds of MB just written are still being flushed by the kernel for the next half minute or so, on the
      // same 2 cores: wait for that here, or it lands in the first endpoints measured at the largest size.
      flushToDisk(dataDir);

      const startedAt = performance.now();
      const emulator = await startEmulatorChild({ EMULATOR_DATA_DIR: dataDir });
      const startupMs = Math.round(performance.now() - startedAt);
      console.log(`emulator started in ${startupMs} ms`);
      const { token } = await login(emulator.url, seed.account);
      sizes.push({ orders, events, seedSeconds: seed.seedSeconds, startupMs, databaseMb: databaseMb(dataDir) });
      try {
        // A fresh emulator on a large file reads its pages from disk at first: one pass over every endpoint
        // first, so the first endpoint measured is not the one that pays for the cold cache.
        for (const target of targets(seed)) await load(emulator.url + target.path, token, 1, 1);
        for (const target of targets(seed)) {
          const url = emulator.url + target.path;
          for (const connections of options.connections) {
            // Warm-up: JIT, the SQLite page cache and the connections, left out of the numbers.
            await load(url, token, connections, 1);
            const result = await load(url, token, connections, options.durationSeconds);
            await drained(emulator.url, token);
            const row: Measurement = {
              size: orders,
              events,
              endpoint: target.endpoint,
              connections,
              requestsPerSecond: round(result.requests.average, 0),
              p50Ms: result.latency.p50,
              p99Ms: result.latency.p99,
              errors: result.errors + result.timeouts,
              non2xx: result.non2xx,
            };
            measurements.push(row);
            console.log(`${orders} orders · ${target.endpoint} · ${connections} conn: p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ${row.requestsPerSecond} req/s${row.errors || row.non2xx ? `, ${row.errors} errors, ${row.non2xx} non-2xx` : ''}`);
          }
        }
      } finally {
        await emulator.stop();
        removeData();
      }
    }

    const smallest = Math.min(...options.sizes);
    const largest = Math.max(...options.sizes);
    const find = (size: number, endpoint: string, connections: number) =>
      measurements.find((m) => m.size === size && m.endpoint === endpoint && m.connections === connections)!;
    const growth = [...new Set(measurements.map((m) => m.endpoint))].flatMap((endpoint) =>
      options.connections.map((connections) => {
        const small = find(smallest, endpoint, connections);
        const large = find(largest, endpoint, connections);
        // p99 under 1 ms rounds to 0 or 1 in autocannon; a floor of 1 ms keeps the ratio meaningful.
        const ratio = round(Math.max(large.p99Ms, 1) / Math.max(small.p99Ms, 1), 2);
        // The median moves less with the machine's other load than the tail does: shown beside it.
        const medianRatio = round(Math.max(large.p50Ms, 1) / Math.max(small.p50Ms, 1), 2);
        return {
          endpoint,
          connections,
          [`p99 ${smallest}`]: small.p99Ms,
          [`p99 ${largest}`]: large.p99Ms,
          [`req/s ${largest}`]: large.requestsPerSecond,
          growth: ratio,
          p50Growth: medianRatio,
          // The goal is set at 20 and 50 connections (issue 16); one connection is shown for the growth without
          // queueing, where p99 is 0–2 ms and autocannon's whole-millisecond latencies make 1 → 2 ms read as 2×.
          meetsGoal: connections < GOAL_MIN_CONNECTIONS ? null : ratio <= GOAL_GROWTH && large.p99Ms < GOAL_P99_MS && large.errors === 0 && large.non2xx === 0,
        };
      }),
    );
    console.log('\nemulator start-up per size');
    console.table(sizes);
    console.log(`\np99 growth from ${smallest.toLocaleString('en')} to ${largest.toLocaleString('en')} orders (goal ≤ ${GOAL_GROWTH}×, p99 < ${GOAL_P99_MS} ms at ${largest.toLocaleString('en')})`);
    console.table(growth);
    writeResults('api-scale', {
      settings: { ...options, goal: `at ${GOAL_MIN_CONNECTIONS}+ connections: p99 growth ≤ ${GOAL_GROWTH}× from the smallest size to the largest, p99 < ${GOAL_P99_MS} ms at the largest, 0 errors` },
      sizes,
      growth,
      measurements,
      meetsGoal: growth.every((g) => g.meetsGoal !== false),
    });
    return true;
  });
}
