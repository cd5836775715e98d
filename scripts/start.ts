/**
 * npm start: builds the dashboard, starts the emulator (unless API_BASE_URL
 * points at a real service), serves the dashboard and prints where.
 */
import path from 'node:path';
import { build } from 'vite';
import { z } from 'zod';
import { configFromEnv } from '../emulator/config';
import { DEMO_ACCOUNT, SECOND_ACCOUNT } from '../emulator/seed';
import { startEmulator } from '../emulator/server';
import { startDashboardServer } from '../server/dashboard-server';

const env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5173),
    HOST: z.string().default('127.0.0.1'),
    API_BASE_URL: z.url({ error: 'API_BASE_URL must be a URL like https://api.example.com' }).optional(),
    STORAGE_ORIGINS: z.string().optional(),
    SKIP_BUILD: z.enum(['0', '1']).default('0'),
  })
  .safeParse(process.env);
if (!env.success) {
  const issue = env.error.issues[0]!;
  console.error(`Setting ${String(issue.path[0])} is not valid: ${issue.message}`);
  process.exit(1);
}
const { PORT, HOST, API_BASE_URL, STORAGE_ORIGINS, SKIP_BUILD } = env.data;
const distDir = path.resolve('dist');

if (SKIP_BUILD !== '1') {
  console.log('Building the dashboard…');
  await build({ logLevel: 'warn' });
}

const stops: Array<() => Promise<void>> = [];
let apiTarget = API_BASE_URL;
let storageOrigins = STORAGE_ORIGINS?.split(/[\s,]+/).filter(Boolean) ?? [];
if (!apiTarget) {
  const emulator = await startEmulator(configFromEnv());
  stops.push(emulator.close);
  apiTarget = emulator.url;
  storageOrigins = [new URL(emulator.context.publicUrl).origin, ...storageOrigins];
  console.log(`Emulator on ${emulator.url}`);
} else if (storageOrigins.length === 0) {
  // A real service's presigned storage can be any https host.
  storageOrigins = ['https:'];
}

const dashboard = await startDashboardServer({
  distDir,
  apiTarget,
  proxyEmulatorNamespace: !API_BASE_URL,
  storageOrigins,
  host: HOST,
  port: PORT,
});
stops.push(dashboard.close);

console.log(`\nImprint is running at ${dashboard.url}`);
if (API_BASE_URL) {
  console.log(`API calls go to ${API_BASE_URL}`);
} else {
  console.log(`Demo account:   ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
  console.log(`Second account: ${SECOND_ACCOUNT.email} / ${SECOND_ACCOUNT.password}`);
}
console.log('Press Ctrl-C to stop.');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  for (const close of stops.reverse()) await close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
