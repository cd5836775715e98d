import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/*
 * One catalog per area, so the areas are translated (and merged) independently; at run time a locale's
 * catalogs load together except `first-load`, which alone serves the cold sign-in screen (its budget:
 * docs/decisions/bundle.md). `exclude` takes globs: a bare folder path is ignored (docs/decisions/i18n.md).
 */
const FIRST_LOAD = ['src/app/first-load', 'src/features/auth', 'src/components/ui', 'src/i18n'];
const AREAS: Record<string, string[]> = {
  orders: ['src/features/orders', 'src/features/stats', 'src/app/routes/orders'],
  uploads: ['src/features/uploads'],
  webhooks: ['src/features/webhooks', 'src/app/routes/webhooks'],
};
const NOT_MESSAGES = ['**/*.test.*', '<rootDir>/src/testing/**'];
const glob = (dir: string) => `<rootDir>/${dir}/**`;

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
