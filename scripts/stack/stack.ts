/**
 * The one way to start Imprint's stack: the dashboard build, the emulator (in this process or a child), the
 * dashboard server in front of it. `npm start`, the e2e web server, the benchmarks, the screenshots and the
 * emulator test harness all start theirs here, so a change to how the pieces are wired is made once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EmulatorConfig } from '../../emulator/config';
import type { CrashPoint } from '../../emulator/faults/crash-point';
import type { RunningEmulator } from '../../emulator/server';
import { startDashboardServer, type DashboardServerOptions, type TlsFiles } from '../../server/dashboard-server';
import { DRAIN_GRACE_MS } from '../../server/graceful-close';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// Vite and the emulator are imported when first used, not with this module: a process that only serves the dashboard
// (emulator/test/dashboard-child.ts) or only starts a child emulator starts in a second, not four.

/**
 * A production build into `outDir` (relative to the repository). `reuse` keeps a build already there (SKIP_BUILD=1),
 * so each starter keeps its own folder and never overwrites another's build.
 */
export async function buildDashboard(outDir: string, { reuse = false, pseudoLocale = false } = {}): Promise<string> {
  const dir = path.resolve(ROOT, outDir);
  if (reuse && fs.existsSync(path.join(dir, 'index.html'))) return dir;
  const { build } = await import('vite');
  if (pseudoLocale) {
    const { writePseudoCatalogs } = await import('../pseudo-locale');
    // Written from the English catalogs just before the build; VITE_PSEUDO lets the build accept the locale.
    await writePseudoCatalogs(ROOT);
    process.env.VITE_PSEUDO = '1';
  }
  try {
    await build({ root: ROOT, logLevel: 'warn', build: { outDir: dir, emptyOutDir: true } });
  } finally {
    if (pseudoLocale) delete process.env.VITE_PSEUDO;
  }
  return dir;
}

export interface EmulatorOptions {
  /** EMULATOR_* settings, read exactly as the emulator reads its environment (`npm start` passes process.env). */
  env?: Record<string, string | undefined>;
  /** Settings over those of `env` (tests). */
  config?: Partial<EmulatorConfig>;
  /** Where the data lives; otherwise a fresh temporary folder when `tempPrefix` is set, else EMULATOR_DATA_DIR. */
  dataDir?: string;
  tempPrefix?: string;
}

export interface StackEmulator extends RunningEmulator {
  dataDir: string;
  /** Closes the emulator (letting requests in flight finish for up to `graceMs`), then deletes its data folder if this module made it. */
  stop: (graceMs?: number) => Promise<void>;
}

function dataDirOf(options: Pick<EmulatorOptions, 'dataDir' | 'tempPrefix'>): { dir?: string; temporary: boolean } {
  if (options.dataDir) return { dir: options.dataDir, temporary: false };
  if (options.tempPrefix) return { dir: fs.mkdtempSync(path.join(os.tmpdir(), options.tempPrefix)), temporary: true };
  return { temporary: false };
}

/** The emulator in this process (tests reach its context). */
export async function startStackEmulator(options: EmulatorOptions = {}): Promise<StackEmulator> {
  const [{ configFromEnv }, { startEmulator }] = await Promise.all([import('../../emulator/config'), import('../../emulator/server')]);
  const { dir, temporary } = dataDirOf(options);
  const config: EmulatorConfig = { ...configFromEnv(options.env ?? {}), ...options.config, ...(dir ? { dataDir: dir } : {}) };
  const running = await startEmulator(config);
  return {
    ...running,
    dataDir: config.dataDir,
    stop: async (graceMs?: number) => {
      await running.close(graceMs);
      if (temporary) fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export interface ChildEmulatorOptions {
  /** EMULATOR_* settings (and any other variable) for the child, over what it inherits. */
  env?: Record<string, string>;
  /** Node flags (e.g. --cpu-prof) before the loader. */
  nodeArgs?: string[];
  /** Where the data lives; else env.EMULATOR_DATA_DIR; else a fresh temporary folder (`tempPrefix`) that stop() removes. */
  dataDir?: string;
  tempPrefix?: string;
  /** A fixed port (a restart on the same one keeps stored webhook and storage URLs working); default a free one. */
  port?: number;
  /** The child's working folder (default the repository): the loader and main.ts are found from anywhere. */
  cwd?: string;
  /**
   * Pass on none of this process's EMULATOR_* settings, NODE_OPTIONS or VITEST* variables (a test runner's own
   * loaders and fault flags), so only `env` and the options configure the child. Default: everything is inherited.
   */
  isolateEnv?: boolean;
  /** A test-only crash point (EMULATOR_FAULT_CRASH_AT): the child SIGKILLs itself the first time it gets there. */
  crashAt?: CrashPoint;
  /** Keep all of stdout and stderr for `output()`, instead of passing stderr on to this process's. */
  captureOutput?: boolean;
}

export interface ChildEmulator {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  /** Settles when the process ends, whoever ended it (a crash point kills it from inside). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (SIGKILL after 10 s), then deletes the data folder if this module made it. */
  stop: () => Promise<void>;
  /**
   * SIGKILL, as a power cut or the OOM killer would: no close handler runs, and the data folder is left exactly as
   * the kill left it (even a temporary one: a restart on it is the point). Settles once the process is gone.
   */
  kill: () => Promise<void>;
  /** What the child printed: with `captureOutput`, all of stdout and stderr; otherwise stdout up to "listening". */
  output: () => string;
}

/** The loader and entry point as absolute paths, so the child may run in any working folder. */
const TSX_LOADER = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const EMULATOR_MAIN = path.join(ROOT, 'emulator', 'main.ts');
/** Generous: on a loaded 2-core machine a cold tsx start has taken several seconds. */
const CHILD_START_TIMEOUT_MS = 60_000;

function inheritedEnv(isolate: boolean): NodeJS.ProcessEnv {
  if (!isolate) return process.env;
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('EMULATOR_') && key !== 'NODE_OPTIONS' && !key.startsWith('VITEST')),
  );
}

/**
 * `emulator/main.ts` in a child process on a free loopback port (or `port`), so a load generator or a browser driver
 * never shares its event loop, and a test can kill it with SIGKILL. It inherits this process's environment (unless
 * `isolateEnv`); `env` adds EMULATOR_* settings.
 */
export async function startEmulatorChild(options: ChildEmulatorOptions = {}): Promise<ChildEmulator> {
  const env: Record<string, string> = { ...options.env, ...(options.crashAt ? { EMULATOR_FAULT_CRASH_AT: options.crashAt } : {}) };
  const given = options.dataDir ?? env.EMULATOR_DATA_DIR;
  const { dir, temporary } = given ? { dir: given, temporary: false } : dataDirOf({ tempPrefix: options.tempPrefix ?? 'imprint-emu-' });
  const dataDir = dir!;
  const removeData = () => temporary && fs.rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', TSX_LOADER, EMULATOR_MAIN], {
    cwd: options.cwd ?? ROOT,
    env: {
      ...inheritedEnv(options.isolateEnv ?? false),
      EMULATOR_PORT: String(options.port ?? 0),
      EMULATOR_HOST: '127.0.0.1',
      ...env,
      EMULATOR_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', options.captureOutput ? 'pipe' : 'inherit'],
  });
  let output = '';
  const record = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The emulator did not start within ${CHILD_START_TIMEOUT_MS / 1000} s:\n${output}`)), CHILD_START_TIMEOUT_MS);
    const onData = () => {
      const match = /Emulator listening on (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`The emulator exited with ${code ?? signal} before listening:\n${output}`));
    });
  });
  const url = await started.catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited;
    removeData();
    throw error;
  });
  // Without captureOutput only the start is kept: a long run's log is read (so the pipe never fills) and dropped.
  if (!options.captureOutput) child.stdout!.off('data', record).resume();
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    port: Number(new URL(url).port),
    pid: child.pid!,
    dataDir,
    exited,
    stop: async () => {
      if (running()) child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
      removeData();
    },
    kill: async () => {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
    output: () => output,
  };
}

export interface DashboardOptions {
  distDir: string;
  host?: string;
  port?: number;
  /** Storage origins the CSP allows besides the emulator's own. */
  storageOrigins?: string[];
  /**
   * false: the CSP allows only `storageOrigins`, not the emulator's storage too (tests of a dashboard whose
   * STORAGE_ORIGINS leaves the storage out). Default true.
   */
  allowEmulatorStorage?: boolean;
  /** Serve over HTTPS and HTTP/2 with this certificate. */
  tls?: TlsFiles;
  /** TRUST_PROXY and the access log's writer (ACCESS_LOG) of the dashboard server: docs/deploying.md. */
  trustProxy?: number;
  accessLog?: DashboardServerOptions['accessLog'];
  /** UPLOAD_RELAY of the dashboard server (default auto). */
  uploadRelay?: DashboardServerOptions['uploadRelay'];
}

/**
 * The dashboard server in front of an emulator: /api and /_emulator proxied, its storage allowed by the CSP.
 * `publicUrl` is where browsers reach the emulator's storage when that is not `emulatorUrl` (EMULATOR_PUBLIC_URL,
 * or the storage listener of EMULATOR_STORAGE_PORT).
 */
export function startDashboardForEmulator(emulatorUrl: string, options: DashboardOptions & { publicUrl?: string }) {
  const emulatorStorage = options.allowEmulatorStorage === false ? [] : [new URL(options.publicUrl ?? emulatorUrl).origin];
  return startDashboardServer({
    distDir: options.distDir,
    apiTarget: emulatorUrl,
    proxyEmulatorNamespace: true,
    storageOrigins: [...emulatorStorage, ...(options.storageOrigins ?? [])],
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    tls: options.tls,
    trustProxy: options.trustProxy,
    accessLog: options.accessLog,
    ...(options.uploadRelay ? { uploadRelay: options.uploadRelay } : {}),
  });
}

export interface Stack {
  /** Absent when the stack fronts a real service. */
  emulator?: StackEmulator;
  apiUrl: string;
  dashboardUrl: string;
  /**
   * Dashboard first, then the emulator (and its temporary data), each letting its requests in flight finish for up
   * to 10 s (`npm start` on SIGTERM: docs/deploying.md).
   */
  stop: () => Promise<void>;
}

export type StackOptions = DashboardOptions & {
  /** Before the dashboard answers, so whoever waits for it meets the demo history complete, never half-made. */
  waitForDemoHistory?: boolean;
} & (
    | { emulator: EmulatorOptions; service?: never }
    | { emulator?: never; service: { apiBaseUrl: string } }
  );

/** Emulator (unless a real service is named) and dashboard server, started in that order. */
export async function startStack(options: StackOptions): Promise<Stack> {
  if (options.service) {
    const dashboard = await startDashboardServer({
      distDir: options.distDir,
      apiTarget: options.service.apiBaseUrl,
      proxyEmulatorNamespace: false,
      storageOrigins: options.storageOrigins ?? [],
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 0,
      tls: options.tls,
      trustProxy: options.trustProxy,
      accessLog: options.accessLog,
      ...(options.uploadRelay ? { uploadRelay: options.uploadRelay } : {}),
    });
    return { apiUrl: options.service.apiBaseUrl, dashboardUrl: dashboard.url, stop: dashboard.close };
  }
  const emulator = await startStackEmulator(options.emulator);
  try {
    if (options.waitForDemoHistory) await emulator.demoHistory;
    const dashboard = await startDashboardForEmulator(emulator.url, { ...options, publicUrl: emulator.storageUrl });
    return {
      emulator,
      apiUrl: emulator.url,
      dashboardUrl: dashboard.url,
      stop: async () => {
        await dashboard.close();
        await emulator.stop(DRAIN_GRACE_MS);
      },
    };
  } catch (error) {
    await emulator.stop();
    throw error;
  }
}
