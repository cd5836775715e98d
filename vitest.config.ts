import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/testing/setup-tests.ts'],
          // The service the component tests call: a real emulator (scripts/stack/unit-test-emulator.ts).
          globalSetup: ['scripts/stack/unit-test-emulator.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'emulator',
          include: ['emulator/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['emulator/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
