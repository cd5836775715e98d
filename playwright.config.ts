import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './scripts/stack/chromium';
// Importing it chooses the run's free ports once and keeps them in E2E_PORTS, which the web server and the workers
// (who load this file again) inherit: every process of the run agrees on them.
import { mainUrl } from './e2e/support/stacks';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Each port offset gets its own results folder, so parallel runs never delete each other's traces.
  outputDir: process.env.E2E_PORT_OFFSET ? `.tmp/test-results-${process.env.E2E_PORT_OFFSET}` : 'test-results',
  reporter: process.env.PLAYWRIGHT_JSON ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON }]] : [['list']],
  use: {
    baseURL: mainUrl,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'npx tsx e2e/support/serve-e2e.ts',
    url: `${mainUrl}/sign-in`,
    reuseExistingServer: !process.env.CI,
    // The build alone took over two minutes while several runs shared the machine's two cores.
    timeout: 300_000,
    stdout: 'pipe',
    env: { E2E_PORTS: process.env.E2E_PORTS! },
  },
});
