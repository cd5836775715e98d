/**
 * Playwright's web server: builds the dashboard once, then starts three full
 * stacks (emulator with a fresh temporary database + dashboard server) on
 * fixed loopback ports.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { configFromEnv } from '../../emulator/config';
import { startEmulator } from '../../emulator/server';
import { writePseudoCatalogs } from '../../scripts/pseudo-locale';
import { startDashboardServer } from '../../server/dashboard-server';
import { distDir, MAIN_STACK, SHORT_TTL_STACK, SHORT_URL_STACK } from './stacks';

if (process.env.SKIP_BUILD !== '1') {
  // The e2e build can also speak the pseudo-locale (e2e/pseudo-locale.spec.ts); users never see it offered.
  await writePseudoCatalogs();
  process.env.VITE_PSEUDO = '1';
  await build({ logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
}

async function stack(ports: { dashboardPort: number; emulatorPort: number }, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-e2e-'));
  const emulator = await startEmulator(
    configFromEnv({
      EMULATOR_DATA_DIR: dataDir,
      EMULATOR_PORT: String(ports.emulatorPort),
      // Many tests share the demo account in parallel; the limit itself is tested by the emulator suite.
      EMULATOR_RATE_LIMITS: 'free=100000,pro=100000,enterprise=100000',
      ...env,
    }),
  );
  // Playwright starts the tests once the dashboard answers: only then, so they meet the demo history complete, never half-made.
  await emulator.demoHistory;
  await startDashboardServer({
    distDir: path.resolve(distDir),
    apiTarget: emulator.url,
    proxyEmulatorNamespace: true,
    storageOrigins: [emulator.url],
    host: '127.0.0.1',
    port: ports.dashboardPort,
  });
}

await stack(MAIN_STACK, {
  EMULATOR_PROCESSING_DELAY_MS: process.env.EMULATOR_PROCESSING_DELAY_MS ?? '300',
  EMULATOR_UPLOAD_URL_TTL_S: process.env.EMULATOR_UPLOAD_URL_TTL_S ?? '900',
});
// The other stacks test token and URL lifetimes; their accounts need no history (and its processing would only load the machine).
await stack(SHORT_TTL_STACK, { EMULATOR_TOKEN_TTL_S: String(SHORT_TTL_STACK.tokenTtlSeconds), EMULATOR_SEED: 'accounts' });
await stack(SHORT_URL_STACK, { EMULATOR_UPLOAD_URL_TTL_S: String(SHORT_URL_STACK.uploadUrlTtlSeconds), EMULATOR_SEED: 'accounts' });
console.log('e2e stacks ready');
