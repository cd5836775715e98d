import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/*
 * One catalog per area, so the areas are translated (and merged) independently; at run time a locale's
 * catalogs load together except `first-load`, which alone serves the cold sign-in screen (its budget:
 * docs/decisions/bundle.md). `exclude` takes globs: a bare folder path is ignored (docs/decisions/i18n.md).
 */
const FIRST_LOAD = [
  'src/app/first-load',
  'src/features/auth',
  // Not src/i18n/zod-errors.ts: the sign-in schemas give every check their own words (src/api/schemas/auth.ts), so
  // zod's built-in ones are never needed before the app catalog has arrived.
  'src/i18n/language-select.tsx',
  'src/i18n/catalogs.ts',
  'src/i18n/locales.ts',
  // Only the kit pieces and the words the sign-in screen itself draws: the rest of the kit (pager, table, dialog…)
  // would make every locale's first-load catalog, which the cold sign-in visit downloads, heavier for nothing.
  'src/components/ui/feedback/error-alert.tsx',
  'src/components/ui/form/field.tsx',
  'src/api/first-load-errors.ts', // the codes a sign-in can meet: AUTH_*, validation, rate limit, 5xx, network
  'src/api/schemas/auth.ts', // the sign-in forms' field messages
];
const AREAS: Record<string, string[]> = {
  orders: ['src/features/orders', 'src/features/stats', 'src/app/routes/orders'],
  uploads: ['src/features/uploads'],
  webhooks: ['src/features/webhooks', 'src/app/routes/webhooks'],
};
const NOT_MESSAGES = ['**/*.test.*', '<rootDir>/src/testing/**'];
// exclude takes globs; a file stands for itself.
const glob = (dir: string) => (/\.tsx?$/.test(dir) ? `<rootDir>/${dir}` : `<rootDir>/${dir}/**`);

const config: LinguiConfig = {
  sourceLocale: 'en',
  // No fallbackLocales: with one, the Vite plugin's failOnMissing never fires. The layout test's pseudo-locale
  // is not a Lingui locale: scripts/pseudo-locale.ts writes it, compiled, from the English catalogs.
  locales: ['en', 'ko', 'ja'],
  format: formatter({ origins: true, lineNumbers: false }),
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/first-load', include: FIRST_LOAD.map((dir) => `<rootDir>/${dir}`), exclude: NOT_MESSAGES },
    ...Object.entries(AREAS).map(([name, dirs]) => ({
      path: `<rootDir>/src/locales/{locale}/${name}`,
      include: dirs.map((dir) => `<rootDir>/${dir}`),
      exclude: NOT_MESSAGES,
    })),
    {
      // The shell: layout, routes, shared lib and api (error words), account.
      path: '<rootDir>/src/locales/{locale}/app',
      include: ['<rootDir>/src'],
      exclude: [...NOT_MESSAGES, ...FIRST_LOAD.map(glob), ...Object.values(AREAS).flat().map(glob), '<rootDir>/src/locales/**'],
    },
  ],
};

export default config;
