/**
 * What the service benchmarks share: an emulator in a child process (so the
 * load generator or the browser driver never shares its event loop), a
 * production build of the dashboard served in-process, API helpers and the
 * results file. Everything listens on 127.0.0.1 only, on free ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { startDashboardServer } from '../../server/dashboard-server';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Raised far above the plans' limits: a benchmark must measure the service, not its rate limiter. */
const BENCH_RATE_LIMITS = 'free=100000000,pro=100000000,enterprise=100000000';

export interface ChildEmulator {
  url: string;
  pid: number;
  dataDir: string;
  stop: () => Promise<void>;
}

/** Starts `emulator/main.ts` with a fresh data folder on a free port; `env` adds EMULATOR_* settings. */
export async function startEmulatorChild(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<ChildEmulator> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-bench-'));
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'emulator/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, EMULATOR_PORT: '0', EMULATOR_HOST: '127.0.0.1', EMULATOR_DATA_DIR: dataDir, EMULATOR_RATE_LIMITS: BENCH_RATE_LIMITS, EMULATOR_LOG: 'quiet', EMULATOR_SEED: 'accounts', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('The emulator did not start within 60 s')), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /Emulator listening on (http:\/\/\S+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The emulator exited with ${code} before listening:\n${seen}`));
    });
  });
  const url = await started.catch((error: unknown) => {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  child.stdout!.resume();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    pid: child.pid!,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A production build in its own folder (SKIP_BUILD=1 reuses the last one), so it never overwrites dist/ or an e2e build. */
export async function buildDashboard(): Promise<string> {
  const outDir = path.join(ROOT, '.tmp/dist-bench');
  if (process.env.SKIP_BUILD === '1' && fs.existsSync(path.join(outDir, 'index.html'))) return outDir;
  await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  return outDir;
}

/** The dashboard server as `npm start` runs it, proxying /api to the emulator. */
export function startDashboard(distDir: string, emulatorUrl: string) {
  return startDashboardServer({ distDir, apiTarget: emulatorUrl, proxyEmulatorNamespace: true, storageOrigins: [emulatorUrl], host: '127.0.0.1', port: 0 });
}

export interface Account {
  email: string;
  password: string;
}
export const DEMO: Account = { email: 'demo@example.com', password: 'demo1234' };

export interface Session {
  token: string;
  /** The value the dashboard keeps under localStorage `imprint.session` (see e2e seedSession). */
  storedSession: string;
}

export async function login(emulatorUrl: string, account: Account): Promise<Session> {
  const res = await fetch(`${emulatorUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const token = res.headers.get('accesstoken')!;
  // Unwrapped login body; a wrapped one is still read, as the dashboard does.
  const json = (await res.json()) as { data?: unknown };
  const body = json.data ?? json;
  const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
  const storedSession = JSON.stringify({ token, expiresAt: exp * 1000, method: 'password', signedInAt: Date.now(), account: body });
  return { token, storedSession };
}

/** An account of the bench's own (pro, a usage limit no run reaches). */
export async function createAccount(emulatorUrl: string, email: string): Promise<Account> {
  const account = { email, password: 'password-bench' };
  const res = await fetch(`${emulatorUrl}/_emulator/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, planType: 'pro', usageLimit: 10_000_000 }),
  });
  if (!res.ok) throw new Error(`account creation failed: ${res.status} ${await res.text()}`);
  return account;
}

/** Calls the emulator as the token's account and returns `data`; any non-2xx throws with the body. */
export async function call<T>(emulatorUrl: string, token: string, method: string, apiPath: string, body?: unknown): Promise<T> {
  const res = await fetch(`${emulatorUrl}${apiPath}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

export async function putFile(url: string, bytes: Buffer, contentType: string): Promise<void> {
  const res = await fetch(url, { method: 'PUT', headers: { 'Content-Type': contentType }, body: new Uint8Array(bytes) });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
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
