import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp, startWorkers } from './app';
import type { EmulatorConfig } from './config';
import type { EmulatorContext } from './context';
import { openDatabase } from './db/database';
import { TokenService } from './domain/tokens';
import { startDemoHistory } from './demo-history/demo-history';
import { enqueueOrder } from './jobs/job-queue';
import { seedDemoData } from './seed';
import { sweepTempFiles } from './storage/file-store';
import { createStorageApp } from './routes/storage-routes';

export interface RunningEmulator {
  url: string;
  port: number;
  /** Where presigned storage URLs point: the storage listener (EMULATOR_STORAGE_PORT), else the public URL. */
  storageUrl: string;
  context: EmulatorContext;
  /** Settles when the demo account's history is complete (at once when there is none), or when the emulator stops. */
  demoHistory: Promise<void>;
  /** `graceMs` > 0: stop accepting, let requests in flight finish for up to that long (npm start's stop), then close. */
  close: (graceMs?: number) => Promise<void>;
}

function closeServer(server: ServerType, graceMs = 0): Promise<void> {
  const http1 = server as unknown as { closeAllConnections: () => void; closeIdleConnections: () => void };
  return new Promise<void>((resolve) => {
    // Keep-alive sockets would hold close() open: idle ones are closed as they become idle, the rest after the grace.
    const idle = setInterval(() => http1.closeIdleConnections(), 50);
    const cut = setTimeout(() => http1.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      resolve();
    });
    if (graceMs <= 0) http1.closeAllConnections();
  });
}

/** Opens the database, seeds on first start, and listens. Port 0 picks a free port (tests). */
export async function startEmulator(config: EmulatorConfig): Promise<RunningEmulator> {
  const db = openDatabase(config.dataDir);
  sweepTempFiles(config.dataDir);

  const stoppers: Array<() => Promise<void> | void> = [];
  const context: EmulatorContext = {
    db,
    config,
    tokens: new TokenService(db, config.tokenTtlSeconds),
    // Filled in below once the port is known (port 0 in tests).
    publicUrl: config.publicUrl ?? '',
    orderFinishedListeners: [],
    queueOrder: (orderId) => enqueueOrder(db, orderId),
    onClose: (stop) => stoppers.push(stop),
  };
  if (config.seed !== 'none') seedDemoData(context, { history: config.seed === 'demo' });
  const app = createApp(context);

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host}:${port}`;
  if (!config.publicUrl) context.publicUrl = url;
  // Storage on its own origin, as S3 is: presigned URLs name this listener (docs/decisions/storage-origin.md).
  let storageServer: ServerType | undefined;
  if (config.storagePort !== undefined) {
    const storageApp = createStorageApp(context);
    try {
      storageServer = await new Promise<ServerType>((resolve, reject) => {
        const s = serve({ fetch: storageApp.fetch, port: config.storagePort, hostname: config.host }, () => resolve(s));
        s.once('error', reject);
      });
    } catch (error) {
      await closeServer(server);
      db.close();
      throw error;
    }
    context.storageUrl = `http://${config.host}:${(storageServer.address() as AddressInfo).port}`;
  }
  // Workers start only now: they resume work left by a previous run and need publicUrl.
  startWorkers(context);
  // After the workers: the history's deliveries go to the emulator's own test receiver, so it needs the port too.
  const demoHistory = startDemoHistory(context);

  return {
    url,
    port,
    storageUrl: context.storageUrl ?? context.publicUrl,
    context,
    demoHistory,
    close: async (graceMs = 0) => {
      for (const stop of stoppers.reverse()) await stop();
      // Requests in flight (an upload) still have the database until they end or the grace does.
      await Promise.all([server, ...(storageServer ? [storageServer] : [])].map((s) => closeServer(s, graceMs)));
      db.close();
    },
  };
}
