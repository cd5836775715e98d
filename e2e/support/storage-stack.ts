/**
 * A stack of its own for storage tests: an emulator (accounts only, its own temporary data) whose storage sits on
 * another origin and answers like S3 (EMULATOR_STORAGE_PORT, EMULATOR_STORAGE_CORS), and a dashboard server in front
 * of it, served from this e2e run's build. Every port is a free one. docs/decisions/storage-origin.md.
 *
 * The emulator runs in a child process (its image processing uses worker threads, which need tsx, not Playwright's
 * loader); the dashboard server runs in the test's worker, as light as a static server and a proxy are. *
 * The storage specs (storage-origin, storage-relay) set theirs up only here: a stack per test (`withStorageStack`), a
 * signed-in account on it (`signedIn`) and the order the page made, followed to complete (`finishedOrderId`).
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { freePort } from '../../scripts/stack/free-port';
import { ROOT, startDashboardForEmulator, startEmulatorChild, type DashboardOptions } from '../../scripts/stack/stack';
import { orderStatus } from './emulator-api';
import { createAccount, expect, seedSession } from './fixtures';
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

/** A stack for one test: started, handed to `run`, stopped whatever happens. */
export async function withStorageStack(options: StorageStackOptions, run: (stack: StorageStack) => Promise<void>): Promise<void> {
  const stack = await startStorageStack(options);
  try {
    await run(stack);
  } finally {
    await stack.stop();
  }
}

/** A fresh pro account of the stack's emulator, signed in in the page; its token. */
export async function signedIn(page: Page, stack: StorageStack): Promise<string> {
  const account = await createAccount({ planType: 'pro', usageLimit: 10_000 }, stack.emulatorUrl);
  const { token } = await seedSession(page, account, stack.emulatorUrl);
  return token;
}

/** Once the page has moved to the new order's page: that order's id, after the API reports it complete. */
export async function finishedOrderId(page: Page, stack: StorageStack, token: string): Promise<string> {
  await expect(page).toHaveURL(/\/orders\/[^/]+$/, { timeout: 60_000 });
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await expect.poll(() => orderStatus(token, orderId, stack.emulatorUrl), { timeout: 60_000 }).toBe('complete');
  return orderId;
}
