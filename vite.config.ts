import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the dashboard's /api and /_emulator are proxied to the emulator, as scripts/serve.ts does in production.
const emulatorUrl = process.env.EMULATOR_URL ?? 'http://127.0.0.1:8787';

export default defineConfig(({ command }) => ({
  plugins: [
    // Lingui's macros compile each message to its id at build time (docs/decisions/i18n.md).
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    // A production build fails on a missing ko/ja translation and names it; dev shows the English words.
    lingui({ failOnMissing: command === 'build' }),
    tailwindcss(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
    proxy: { '/api': emulatorUrl, '/_emulator': emulatorUrl },
  },
  build: { target: 'es2022', sourcemap: true },
}));
