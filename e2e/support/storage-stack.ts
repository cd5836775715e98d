/**
 * A stack of its own for storage tests: an emulator (accounts only, its own temporary data) whose storage sits on
 * another origin and answers like S3 (EMULATOR_STORAGE_PORT, EMULATOR_STORAGE_CORS), and a dashboard server in front
 * of it, served from this e2e run's build. Every port is a free one. docs/decisions/storage-origin.md.
 *
 * The emulator runs in a child process (its image processing uses worker threads, which need tsx, not Playwright's
 * loader); the dashboard server runs in the test's worker, as light as a static server and a proxy are.
 */
import path from 'node:path';
import { freePort } from '../../scripts/stack/free-port';
import { ROOT, startDashboardForEmulator, startEmulatorChild, type DashboardOptions } from '../../scripts/stack/stack';
import { distDir } from './stacks';

export interface StorageStackOptions {
  /** The bucket's CORS rule: every origin, none, or these origins (the dashboard's is known only here: see `dashboardOrigin`). */
  storageCors: '*' | 'none' | string[];
  /** The dashboard's STORAGE_ORIGINS (its CSP): default, the storage origin. `[]`: a CSP that blocks storage. */
  storageOrigins?: string[];
  /** The dashboard server's UPLOAD_RELAY (default: its own default, auto). */
  uploadRelay?: 'auto' | 'always' | 'never';
  /** EMULATOR_UPLOAD_URL_TTL_S: how long presigned upload URLs live (default the emulator's, 900 s). */
  uploadUrlTtlSeconds?: number;
}

export interface StorageStack {
  /** The dashboard, e.g. http://127.0.0.1:41234 (its origin is what `storageCors` lists). */
  dashboardUrl: string;
  /** The emulator's API (sign in, make accounts: scripts/stack/signed-in.ts, e2e/support/fixtures.ts). */
  emulatorUrl: string;
  /** Where presigned URLs point: S3-like storage, another origin than the dashboard's and the emulator's. */
  storageOrigin: string;
  stop(): Promise<void>;
}

/** Stands for the dashboard's origin in `storageCors`, before its port is chosen. */
export const dashboardOrigin = 'dashboard-origin';

/**
 * Starts the stack. `storageCors` entries equal to `dashboardOrigin` become the dashboard's real origin; others are
 * taken as they are. Stop it in afterAll (or at the end of the test): it holds a child process and two ports.
 */
export async function startStorageStack(options: StorageStackOptions): Promise<StorageStack> {
  // The dashboard's port first: the bucket's CORS rule may have to name its origin.
  const dashboardPort = await freePort();
  const dashboardUrl = `http://127.0.0.1:${dashboardPort}`;
  const storagePort = await freePort();
  const storageOrigin = `http://127.0.0.1:${storagePort}`;
  const cors = Array.isArray(options.storageCors)
    ? options.storageCors.map((origin) => (origin === dashboardOrigin ? dashboardUrl : origin)).join(',')
    : options.storageCors;
  const emulator = await startEmulatorChild({
    tempPrefix: 'imprint-e2e-storage-',
    env: {
      EMULATOR_SEED: 'accounts',
      EMULATOR_STORAGE_PORT: String(storagePort),
      EMULATOR_STORAGE_CORS: cors,
      // Tests make accounts and orders quickly; the limit itself is tested by the emulator suite.
      EMULATOR_RATE_LIMITS: 'free=100000,pro=100000,enterprise=100000',
      EMULATOR_PROCESSING_THREADS: '1',
      ...(options.uploadUrlTtlSeconds ? { EMULATOR_UPLOAD_URL_TTL_S: String(options.uploadUrlTtlSeconds) } : {}),
    },
  });
  try {
    const dashboardOptions: DashboardOptions & { publicUrl: string } = {
      distDir: path.resolve(ROOT, distDir),
      port: dashboardPort,
      publicUrl: storageOrigin,
      ...(options.storageOrigins ? { storageOrigins: options.storageOrigins, allowEmulatorStorage: false } : {}),
      ...(options.uploadRelay ? { uploadRelay: options.uploadRelay } : {}),
    };
    const dashboard = await startDashboardForEmulator(emulator.url, dashboardOptions);
    return {
      dashboardUrl: dashboard.url,
      emulatorUrl: emulator.url,
      storageOrigin,
      stop: async () => {
        await dashboard.close();
        await emulator.stop();
      },
    };
  } catch (error) {
    await emulator.stop();
    throw error;
  }
}
