import fs from 'node:fs';

/**
 * Which Chromium to drive: CHROMIUM_PATH, then Debian's /usr/bin/chromium,
 * then Playwright's own browser if one is installed (undefined lets
 * Playwright find it). Otherwise stop with one line that says what to do.
 */
export function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
    return fromEnv;
  }
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const playwrightCache = process.env.PLAYWRIGHT_BROWSERS_PATH ?? `${process.env.HOME}/.cache/ms-playwright`;
  if (fs.existsSync(playwrightCache) && fs.readdirSync(playwrightCache).some((d) => d.startsWith('chromium'))) return undefined;
  throw new Error('No Chromium found: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.');
}

export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
];
