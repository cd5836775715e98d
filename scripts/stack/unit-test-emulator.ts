/**
 * Vitest global setup of the dashboard's unit tests: one real emulator on a random port with a temporary
 * database, started in Node (not in jsdom) before any test file runs. Tests reach it through `inject('serviceUrl')`
 * (src/testing/service.ts) and each makes accounts of its own, so they never share data.
 */
import type { TestProject } from 'vitest/node';
import { startStackEmulator } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    serviceUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const emulator = await startStackEmulator({
    tempPrefix: 'imprint-unit-',
    config: {
      port: 0,
      seed: 'accounts',
      rateLimits: { free: 100_000, pro: 100_000, enterprise: 100_000 },
      // Failed deliveries reach their final state in well under a second.
      webhookRetryDelaysMs: [20, 20, 20],
      // Tests make finished deliveries at past times (POST /_emulator/webhooks/:id/test-events).
      testRoutes: true,
    },
  });
  project.provide('serviceUrl', emulator.url);
  return () => emulator.stop();
}
