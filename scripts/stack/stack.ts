/**
 * The one way to start Imprint's stack: the dashboard build, the emulator (in this process or a child), the
 * dashboard server in front of it. `npm start`, the e2e web server, the benchmarks, the screenshots and the
 * emulator test harness all start theirs here, so a change to how the pieces are wired is made once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { writePseudoCatalogs } from '../pseudo-locale';
import { configFromEnv, type EmulatorConfig } from '../../emulator/config';
import { startEmulator, type RunningEmulator } from '../../emulator/server';
import { startDashboardServer, type DashboardServerOptions, type TlsFiles } from '../../server/dashboard-server';
import { DRAIN_GRACE_MS } from '../../server/graceful-close';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A production build into `outDir` (relative to the repository). `reuse` keeps a build already there (SKIP_BUILD=1),
 * so each starter keeps its own folder and never overwrites another's build.
 */
export async function buildDashboard(outDir: string, { reuse = false, pseudoLocale = false } = {}): Promise<string> {
  const dir = path.resolve(ROOT, outDir);
  if (reuse && fs.existsSync(path.join(dir, 'index.html'))) return dir;
  if (pseudoLocale) {
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

export interface ChildEmulator {
  url: string;
  pid: number;
  dataDir: string;
  /** SIGTERM (SIGKILL after 10 s), then deletes the data folder if this module made it. */
  stop: () => Promise<void>;
}

/**
 * `emulator/main.ts` in a child process on a free loopback port, so a load generator or a browser driver never
 * shares its event loop. It inherits this process's environment; `env` adds EMULATOR_* settings.
 */
export async function startEmulatorChild(options: { env?: Record<string, string>; nodeArgs?: string[]; tempPrefix?: string } = {}): Promise<ChildEmulator> {
  const env = options.env ?? {};
  const { dir, temporary } = env.EMULATOR_DATA_DIR
    ? { dir: env.EMULATOR_DATA_DIR, temporary: false }
    : dataDirOf({ tempPrefix: options.tempPrefix ?? 'imprint-emu-' });
  const dataDir = dir!;
  const removeData = () => temporary && fs.rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'emulator/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, EMULATOR_PORT: '0', EMULATOR_HOST: '127.0.0.1', EMULATOR_DATA_DIR: dataDir, ...env },
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
    removeData();
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
      removeData();
    },
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
