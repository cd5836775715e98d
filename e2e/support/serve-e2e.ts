/**
 * Playwright's web server: builds the dashboard once, then starts three full
 * stacks (emulator with a fresh temporary database + dashboard server) on
 * the loopback ports e2e/support/stacks.ts chose for this run (E2E_PORTS).
 */
import { buildDashboard, startStack } from '../../scripts/stack/stack';
import { distDir as outDir, MAIN_STACK, SHORT_TTL_STACK, SHORT_URL_STACK } from './stacks';

// The e2e build can also speak the pseudo-locale (e2e/pseudo-locale.spec.ts); users never see it offered.
const distDir = await buildDashboard(outDir, { reuse: process.env.SKIP_BUILD === '1', pseudoLocale: true });

async function stack(ports: { dashboardPort: number; emulatorPort: number }, env: Record<string, string>) {
  await startStack({
    distDir,
    port: ports.dashboardPort,
    emulator: {
      tempPrefix: 'imprint-e2e-',
      env: {
        EMULATOR_PORT: String(ports.emulatorPort),
        // Many tests share the demo account in parallel; the limit itself is tested by the emulator suite.
        EMULATOR_RATE_LIMITS: 'free=100000,pro=100000,enterprise=100000',
        ...env,
      },
    },
    // Playwright starts the tests once the dashboard answers: only then, so they meet the demo history complete, never half-made.
    waitForDemoHistory: true,
  });
}

await stack(MAIN_STACK, {
  EMULATOR_PROCESSING_DELAY_MS: process.env.EMULATOR_PROCESSING_DELAY_MS ?? '300',
  EMULATOR_UPLOAD_URL_TTL_S: process.env.EMULATOR_UPLOAD_URL_TTL_S ?? '900',
  // POST /_emulator/webhooks/:id/test-events (emulator/routes/test-event-routes.ts): many events in one call.
  EMULATOR_TEST_ROUTES: '1',
});
// The other stacks test token and URL lifetimes; their accounts need no history (and its processing would only load the machine).
await stack(SHORT_TTL_STACK, { EMULATOR_TOKEN_TTL_S: String(SHORT_TTL_STACK.tokenTtlSeconds), EMULATOR_SEED: 'accounts' });
await stack(SHORT_URL_STACK, { EMULATOR_UPLOAD_URL_TTL_S: String(SHORT_URL_STACK.uploadUrlTtlSeconds), EMULATOR_SEED: 'accounts' });
console.log('e2e stacks ready');
