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

export interface RunningEmulator {
  url: string;
  port: number;
  context: EmulatorContext;
  /** Settles when the demo account's history is complete (at once when there is none), or when the emulator stops. */
  demoHistory: Promise<void>;
  close: () => Promise<void>;
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
  // Workers start only now: they resume work left by a previous run and need publicUrl.
  startWorkers(context);
  // After the workers: the history's deliveries go to the emulator's own test receiver, so it needs the port too.
  const demoHistory = startDemoHistory(context);

  return {
    url,
    port,
    context,
    demoHistory,
    close: async () => {
      for (const stop of stoppers.reverse()) await stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets would hold close() open.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      db.close();
    },
  };
}
