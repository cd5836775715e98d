import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { DEMO_ACCOUNT, jsonRequester, type Requester } from './harness';
import { freePort } from '../../scripts/stack/free-port';

/**
 * The emulator as a separate process (`node --import tsx emulator/main.ts`), so a test can kill it with SIGKILL the
 * way a power cut or the OOM killer would: no close handlers, no flush, a half-written file and an open transaction
 * left behind. The in-process restart tests cannot do that.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(ROOT, 'emulator', 'main.ts');
// An absolute loader path, so the child may run in any working folder (the "nothing outside" test moves it).
const TSX_LOADER = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
/** Generous: on a loaded 2-core machine a cold tsx start has taken several seconds. */
const START_TIMEOUT_MS = 60_000;

export interface ChildOptions {
  dataDir?: string;
  port?: number;
  /** EMULATOR_* settings (and any other variable) for this start only; a restart does not repeat them. */
  env?: Record<string, string>;
  cwd?: string;
}

export interface ChildEmulator {
  url: string;
  port: number;
  dataDir: string;
  pid: number;
  request: Requester;
  login: (account?: { email: string; password: string }) => Promise<string>;
  /** SIGKILL; settles once the process is gone. */
  kill: () => Promise<void>;
  /** Settles when the process ends, whoever ended it (a crash point kills it from inside). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Starts a new process on the same data folder and port (stored webhook and storage URLs keep working). */
  restart: (options?: Pick<ChildOptions, 'env' | 'cwd'>) => Promise<ChildEmulator>;
  output: () => string;
}

const live = new Set<ChildProcess>();
const tempDirs = new Set<string>();

/** A temp folder removed by cleanUpChildren. */
export function tempDir(prefix = 'imprint-kill-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** Kills the children this module started that still run, and removes its temp folders (afterAll). */
export async function cleanUpChildren(): Promise<void> {
  await Promise.all(
    [...live].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

function childEnv(dataDir: string, port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // Settings of this test process (a fault flag, vitest's loaders) must not leak into the child.
    if (key.startsWith('EMULATOR_') || key === 'NODE_OPTIONS' || key.startsWith('VITEST')) continue;
    env[key] = value;
  }
  return {
    ...env,
    EMULATOR_PORT: String(port),
    EMULATOR_HOST: '127.0.0.1',
    EMULATOR_DATA_DIR: dataDir,
    EMULATOR_SEED: 'accounts',
    EMULATOR_RATE_LIMITS: 'free=100000,pro=100000,enterprise=100000',
    EMULATOR_PROCESSING_THREADS: '1',
    ...extra,
  };
}

export async function startChildEmulator(options: ChildOptions = {}): Promise<ChildEmulator> {
  const dataDir = options.dataDir ?? tempDir();
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN], {
    cwd: options.cwd ?? ROOT,
    env: childEnv(dataDir, port, options.env ?? {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    });
  });

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the emulator did not start in time:\n${output}`)), START_TIMEOUT_MS);
    const onData = () => {
      if (!output.includes('Emulator listening on')) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve();
    };
    child.stdout!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the emulator exited at start (${code ?? signal}):\n${output}`));
    });
  });

  const url = `http://127.0.0.1:${port}`;
  const request = jsonRequester(url);
  return {
    url,
    port,
    dataDir,
    pid: child.pid!,
    request,
    login: async (account = DEMO_ACCOUNT) => {
      const res = await request('POST', '/api/v2/auth/login', { body: account });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
      return res.headers.get('accesstoken')!;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    exited,
    restart: async (next = {}) => {
      if (child.exitCode === null && child.signalCode === null) throw new Error('restart: the previous process still runs; kill it first');
      return startChildEmulator({ dataDir, port, ...next });
    },
    output: () => output,
  };
}

/**
 * Reads the child's database from the test process. Only while the child runs: closing the last connection of a
 * killed emulator would checkpoint its WAL, tidying up what the restart is meant to find as the kill left it.
 */
export function readDb<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'emulator.sqlite'), { fileMustExist: true, timeout: 10_000 });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** Polls until check() gives a value; generous by default, for a loaded machine. */
export async function until<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
