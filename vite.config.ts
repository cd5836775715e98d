import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// In development the dashboard's /api and /_emulator are proxied to the emulator, as the dashboard server (server/dashboard-server.ts) does in production.
const emulatorUrl = process.env.EMULATOR_URL ?? 'http://127.0.0.1:8787';

const SIGN_IN_KIT =
  /src\/components\/ui\/(form\/(field|text-field|input|button|control-class)|feedback\/(notice|error-alert))\.tsx?$|src\/api\/(client|api-error|first-load-errors)\.ts$|src\/lib\/cn\.ts$|lucide-react\/dist\/esm\/(icons\/(info|circle-x|circle-check|triangle-alert|loader-circle)\.mjs|Icon\.mjs|createLucideIcon\.mjs|context\.mjs|defaultAttributes\.mjs|shared\/)|node_modules\/clsx\//;
/** The rest of what the entry and the cold sign-in screen import from the shared folders (left to automatic chunks). */
const SIGN_IN_SCREEN = /src\/lib\/(zod-config|use-schema-form|use-async-action)\.ts$|src\/api\/(limits|auth)\.ts$|src\/api\/schemas\/(auth|schema-words|error-body)\.ts$/;
const APP_KIT =
  /src\/(components\/ui\/(?!layout\/(dialog|danger-zone)|form\/secret-field|feedback\/usage-meter)|lib\/(?!csv|date-range|storage-access\/(?!storage-relay|csp-violations))|api\/(?!(schemas\/)?(emulator|webhook)))|node_modules\/(@tanstack\/(query-core|react-query)|react-router(-dom)?|lucide-react)\//;

export default defineConfig(({ command }) => ({
  plugins: [
    // Lingui's macros compile each message to its id at build time (docs/decisions/i18n.md).
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    // A production build fails on a missing ko/ja translation and names it; dev shows the English words.
    lingui({ failOnMissing: command === 'build' }),
    tailwindcss(),
    // Each asset also written Brotli- and gzip-compressed at the highest levels, once, at build time: the dashboard
    // server sends the smallest one the browser accepts. Brotli 11 is 12 % smaller than on-the-fly gzip over a first
    // visit's code, which on a phone's slow line is download time (docs/decisions/bundle.md).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      exclude: [/\.map$/, /\.html$/],
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React Router 7's package exports only its development build (remix-run/react-router#14102, #14753): dev-only
      // checks and warnings then run in production, on the main thread of every first load. A build takes the production
      // files that ship beside it (same version, same API); dev and the unit tests keep the development build and its warnings.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
            { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
          ]
        : []),
    ],
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
    proxy: { '/api': emulatorUrl, '/_emulator': emulatorUrl },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What the cold sign-in screen draws, as one chunk instead of a dozen small ones (each costs its own
              // request and import boilerplate): the sign-in budget (docs/decisions/bundle.md) has no room for the overhead.
              name: 'sign-in-kit',
              test: SIGN_IN_KIT,
            },
            {
              // What nearly every signed-in page draws with (UI pieces, the API and its schemas, the router, the query
              // client, icons), as one chunk: on a phone's first visit over HTTP/1.1 (six connections, a round trip
              // each) forty small files cost more than the few kB a page downloads without needing them.
              // The sign-in screen's share stays out of it, or the cold sign-in would download it all.
              name: 'app-kit',
              test: (id) => APP_KIT.test(id) && !SIGN_IN_SCREEN.test(id) && !SIGN_IN_KIT.test(id),
              includeDependenciesRecursively: false,
              minShareCount: 3,
            },
          ],
        },
      },
    },
  },
}));
