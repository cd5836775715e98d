import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the dashboard's /api and /_emulator are proxied to the emulator, as scripts/serve.ts does in production.
const emulatorUrl = process.env.EMULATOR_URL ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
    proxy: { '/api': emulatorUrl, '/_emulator': emulatorUrl },
  },
  build: { target: 'es2022', sourcemap: true },
});
