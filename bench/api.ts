/**
 * API load: autocannon against the emulator on loopback, 50 connections, 20 s
 * per endpoint, on an order detail read and a webhook's events listing of an
 * account with 50 finished orders and 50 delivery events.
 * Writes bench/results/api.json. Goal: 0 errors and p99 under 50 ms.
 *
 *   npm run bench:api
 *   npm run bench:api -- --duration 5 --connections 20
 *   npm run bench:api -- --cpu-prof     # also writes a CPU profile of the emulator to .tmp/bench-cpu-prof/
 *   npm run bench:api -- --scale        # the API at 1k, 10k and 100k orders (bench/api-scale.ts)
 *   npm run bench:api -- --scale --sizes 1000,10000 --duration 3
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { runScaleBench } from './api-scale';
import { seedActivity } from './support/seed';
import { createAccount, login, ROOT, round, runBench, startEmulatorChild, writeResults } from './support/stack';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string' },
    connections: { type: 'string', default: '50' },
    orders: { type: 'string', default: '50' },
    'cpu-prof': { type: 'boolean', default: false },
    scale: { type: 'boolean', default: false },
    sizes: { type: 'string', default: '1000,10000,100000' },
    'events-per-order': { type: 'string', default: '10' },
  },
});

if (args.scale) {
  // 15 endpoints × 3 connection counts × 3 sizes: 4 s each keeps the whole run near a quarter of an hour.
  // One connection beside the 20 and 50: without queueing, growth shows through a busy machine's noise.
  await runScaleBench({
    sizes: args.sizes.split(',').map(Number),
    eventsPerOrder: Number(args['events-per-order']),
    durationSeconds: Number(args.duration ?? 4),
    connections: [1, 20, 50],
  });
}

const DURATION_S = Number(args.duration ?? 20);
const CONNECTIONS = Number(args.connections);
const ORDERS = Number(args.orders);
const GOAL_P99_MS = 50;

function load(url: string, token: string, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration, headers: { Authorization: `Bearer ${token}` } });
}

await runBench(async (stops) => {
  const profileDir = path.join(ROOT, '.tmp/bench-cpu-prof');
  const emulator = await startEmulatorChild({}, args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  stops.push(emulator.stop);
  // An account of its own, so the listing holds exactly the seeded orders and events.
  const account = await createAccount(emulator.url, 'bench-api@example.com');
  const { token } = await login(emulator.url, account);
  console.log(`seeding ${ORDERS} orders and their webhook events…`);
  const seeded = await seedActivity(emulator.url, token, ORDERS);

  const targets = [
    { endpoint: 'GET /api/v2/orders/{orderId}', url: `${emulator.url}/api/v2/orders/${encodeURIComponent(seeded.orderIds[0]!)}` },
    { endpoint: 'GET /api/v2/orders/webhooks/{id}/events?page=1&limit=20', url: `${emulator.url}/api/v2/orders/webhooks/${seeded.webhookId}/events?page=1&limit=20` },
  ];
  const rows = [];
  for (const target of targets) {
    // Warm-up: JIT, SQLite page cache and the connections themselves, left out of the numbers.
    await load(target.url, token, 2);
    const result = await load(target.url, token, DURATION_S);
    const row = {
      endpoint: target.endpoint,
      requestsPerSecond: round(result.requests.average, 0),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      maxMs: result.latency.max,
      requests: result.requests.total,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      meetsGoal: result.errors === 0 && result.timeouts === 0 && result.non2xx === 0 && result.latency.p99 < GOAL_P99_MS,
    };
    rows.push(row);
    console.log(`${target.endpoint}: ${row.requestsPerSecond} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, errors ${row.errors}, non-2xx ${row.non2xx}`);
  }
  console.log(`\nautocannon, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint, emulator in its own process on loopback`);
  console.table(rows);
  writeResults('api', {
    settings: { connections: CONNECTIONS, durationSeconds: DURATION_S, seededOrders: ORDERS, seededEvents: seeded.events, goal: `0 errors, p99 < ${GOAL_P99_MS} ms` },
    rows,
    meetsGoal: rows.every((r) => r.meetsGoal),
  });
  if (args['cpu-prof']) console.log(`CPU profile of the emulator: ${profileDir}`);
  return true;
});
