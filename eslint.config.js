import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import pluginLingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['auth', 'orders', 'uploads', 'stats', 'webhooks', 'account'];
/**
 * The features laid out as docs/decisions/feature-layout.md says, whose folders ESLint holds to it (api/ draws nothing,
 * lib/ is plain TypeScript). A feature joins by its name here: uploads, once it is laid out that way.
 */
const LAID_OUT_FEATURES = ['auth', 'orders', 'stats', 'webhooks', 'account', 'uploads'];
/** What lib/ never imports: it is plain TypeScript, no React, no query client (docs/decisions/feature-layout.md). */
const NOT_IN_LIB = ['react', 'react-dom', '@tanstack/react-query', '@lingui/react'];

export default tseslint.config(
  { ignores: ['dist', '.tmp', 'node_modules', 'test-results', 'playwright-report', 'bench/results', '.data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      // shared → features → app: a feature never reaches into another feature or into the app.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: compose them in src/app/routes, or move the shared piece to src/components or src/lib.',
            })),
            { target: './src/features', from: './src/app', message: 'Features do not import the app.' },
            ...LAID_OUT_FEATURES.flatMap((feature) => {
              const dir = `./src/features/${feature}`;
              return [
                {
                  target: `${dir}/api`,
                  from: `${dir}/components`,
                  message: 'api/ holds queryOptions and query/mutation hooks only: it imports no component (docs/decisions/feature-layout.md).',
                },
                {
                  target: `${dir}/lib`,
                  from: [`${dir}/components`, `${dir}/hooks`, `${dir}/api`],
                  message: 'lib/ is plain TypeScript: it imports no component, hook or query of its feature (docs/decisions/feature-layout.md).',
                },
              ];
            }),
            {
              target: './src/features',
              from: './src/api/client.ts',
              message: 'Every endpoint has one typed function in src/api/<resource>.ts: call it, not the client.',
            },
            {
              target: ['./src/components', './src/lib', './src/api'],
              from: ['./src/features', './src/app'],
              message: 'Shared code does not import features or the app.',
            },
            { target: './src', from: ['./emulator', './server', './scripts'], message: 'The dashboard does not import server-side code.' },
            // Emulator layers (docs/decisions/emulator-http.md): shared at the bottom; storage and the domain above it, beside
            // each other; jobs, webhooks, http and routes above those.
            {
              target: './emulator/domain',
              from: ['./emulator/http', './emulator/routes', './emulator/jobs', './emulator/webhooks', './emulator/storage'],
              message:
                'The emulator domain does not know HTTP, the job queue, deliveries or storage: throw a DomainError (domain/domain-error.ts), call ctx.queueOrder, sign URLs with shared/presign.ts.',
            },
            {
              target: './emulator/storage',
              from: ['./emulator/domain', './emulator/http', './emulator/routes', './emulator/jobs', './emulator/webhooks'],
              message: 'Emulator storage is bytes on disk: it knows no orders, HTTP or jobs. Put what both sides need in emulator/shared.',
            },
            {
              target: './emulator/shared',
              from: ['./emulator/domain', './emulator/storage', './emulator/http', './emulator/routes', './emulator/jobs', './emulator/webhooks'],
              message: 'emulator/shared is below every layer: it imports none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature's lib/ is plain TypeScript (docs/decisions/feature-layout.md): no React, no query client.
    files: LAID_OUT_FEATURES.map((feature) => `src/features/${feature}/lib/**`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NOT_IN_LIB.map((name) => ({ name, message: 'lib/ is plain TypeScript: React and the query client belong in hooks/, api/ or components/.' })),
          patterns: [{ group: NOT_IN_LIB.map((name) => `${name}/*`), message: 'lib/ is plain TypeScript: React and the query client belong in hooks/, api/ or components/.' }],
        },
      ],
    },
  },
  pluginLingui.configs['flat/recommended'],
  {
    // Every word a user reads goes through the catalogs (docs/decisions/i18n.md). Allowed as they are: brand and
    // technical names, identifiers (no spaces, no capital first letter), codes, and string-literal types.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.*', 'src/testing/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          useTsTypes: true,
          ignore: [
            '^(?![A-Z])\\S+$',
            '^[A-Z0-9_.:/-]+$',
            '^(Imprint|BIZ MORI|English|한국어|日本語|Pseudo|JSON|HTTP|HTTPS|UUID|cURL|WebP|JPEG|PNG|GIF|PDF)$',
          ],
          ignoreNames: [
            { regex: { pattern: 'className|^data-|testid|Class$|^(type|id|href|to|name|autoComplete|inputMode|accept|rel|target|method|lang|dateTime|role|key|path|queryKey|mode|variant|tone|size|align|status|kind|side|sortKey|value|htmlFor|form|fill|stroke|dataKey|d|viewBox|strokeLinecap|strokeLinejoin)$' } },
          ],
          ignoreFunctions: [
            'cn', 'clsx', 'console.*', 'Error', 'ApiError', 'URL', 'URLSearchParams', '*.startsWith', '*.endsWith', '*.includes',
            '*.split', '*.join', '*.replace', '*.replaceAll', '*.match', '*.test', 'localStorage.*', 'sessionStorage.*', '*.getItem',
            '*.setItem', '*.removeItem', '*.get', '*.set', '*.has', '*.delete', '*.append', 'z.*', 'document.*', '*.addEventListener',
            '*.removeEventListener', 'new Intl.*', 'Intl.*', 'import', 'require', 'fetch', 'navigate', 'useNavigate', 'Symbol',
            'matchMedia', 'window.matchMedia', 'Date', 'RegExp', 'createElement', '*.querySelector', '*.querySelectorAll',
            '*.setAttribute', '*.getAttribute', 'DOMException', '*.setRequestHeader', '*.closest', 'postMessage', '*.postMessage', 'encodeURIComponent', 'JSON.parse',
          ],
        },
      ],
    },
  },
  {
    // Code samples stay untranslated (their comments are messages); tests and fixtures read English by design.
    files: ['src/**/code-samples/**'],
    rules: { 'lingui/no-unlocalized-strings': 'off' },
  },
  {
    // Playwright fixtures use an empty destructuring pattern by design.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
