import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['auth', 'orders', 'uploads', 'stats', 'webhooks', 'account'];

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
            {
              target: ['./src/components', './src/lib', './src/api'],
              from: ['./src/features', './src/app'],
              message: 'Shared code does not import features or the app.',
            },
            { target: './src', from: ['./emulator', './server', './scripts'], message: 'The dashboard does not import server-side code.' },
            {
              target: './emulator/domain',
              from: ['./emulator/http', './emulator/jobs'],
              message:
                'The emulator domain does not know HTTP or the job queue: throw a DomainError (domain/domain-error.ts), call ctx.queueOrder.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures use an empty destructuring pattern by design.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
