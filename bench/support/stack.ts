/**
 * What the service benchmarks share: an emulator in a child process (so the
 * load generator or the browser driver never shares its event loop), a
 * production build of the dashboard served in-process, API helpers and the
 * results file. Everything listens on 127.0.0.1 only, on free ports.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TlsFiles } from '../../server/dashboard-server';
import { buildDashboard as build, ROOT, startDashboardForEmulator, startEmulatorChild as startChild, type ChildEmulator } from '../../scripts/stack/stack';
import { apiCall, createAccount as createEmulatorAccount, DEMO, putFile, signIn, type Account } from '../../scripts/stack/signed-in';

export { DEMO, putFile, ROOT, type Account, type ChildEmulator };

/** Raised far above the plans' limits: a benchmark must measure the service, not its rate limiter. */
const BENCH_RATE_LIMITS = 'free=100000000,pro=100000000,enterprise=100000000';

/** Starts `emulator/main.ts` with a fresh data folder on a free port; `env` adds EMULATOR_* settings. */
export function startEmulatorChild(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<ChildEmulator> {
  return startChild({
    env: { EMULATOR_RATE_LIMITS: BENCH_RATE_LIMITS, EMULATOR_LOG: 'quiet', EMULATOR_SEED: 'accounts', ...env },
    nodeArgs,
    tempPrefix: 'imprint-bench-',
  });
}

/** A production build in its own folder (SKIP_BUILD=1 reuses the last one), so it never overwrites dist/ or an e2e build. */
export function buildDashboard(): Promise<string> {
  return build('.tmp/dist-bench', { reuse: process.env.SKIP_BUILD === '1' });
}

/** The dashboard server as `npm start` runs it, proxying /api to the emulator (`publicUrl`: EMULATOR_PUBLIC_URL's). */
export function startDashboard(distDir: string, emulatorUrl: string, options: { port?: number; publicUrl?: string; tls?: TlsFiles } = {}) {
  return startDashboardForEmulator(emulatorUrl, { distDir, ...options });
}

export interface Session {
  token: string;
  /** The value the dashboard keeps under localStorage `imprint.session` (session-store's format). */
  storedSession: string;
}

export async function login(emulatorUrl: string, account: Account): Promise<Session> {
  const { token, storedSession } = await signIn(emulatorUrl, account);
  return { token, storedSession };
}

/** An account of the bench's own (pro, a usage limit no run reaches). */
export function createAccount(emulatorUrl: string, email: string): Promise<Account> {
  return createEmulatorAccount(emulatorUrl, { email, password: 'password-bench', planType: 'pro', usageLimit: 10_000_000 });
}

/** Calls the emulator as the token's account and returns `data`; any non-2xx throws with the body. */
export function call<T>(emulatorUrl: string, token: string, method: string, apiPath: string, body?: unknown): Promise<T> {
  return apiCall<T>(emulatorUrl, token, method, apiPath, body);
}

/** Polls until `check` is true; throws after `timeoutMs` with `what` in the message. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** Writes bench/results/<name>.json with the machine it ran on, so numbers are read with their context. */
export function writeResults(name: string, results: Record<string, unknown>): void {
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const machine = { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', loadAverage1m: round(os.loadavg()[0] ?? 0) };
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify({ ranAt: new Date().toISOString(), machine, ...results }, null, 2)}\n`);
  console.log(`wrote bench/results/${name}.json`);
}

/** Runs `main`, always runs the stoppers, and exits by itself (a stray handle must not keep a bench alive). */
export async function runBench(main: (stops: Array<() => Promise<unknown> | unknown>) => Promise<boolean>): Promise<never> {
  const stops: Array<() => Promise<unknown> | unknown> = [];
  let ok = false;
  try {
    ok = await main(stops);
  } catch (error) {
    console.error(error);
  } finally {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.error('cleanup:', error);
      }
    }
  }
  process.exit(ok ? 0 : 1);
}
