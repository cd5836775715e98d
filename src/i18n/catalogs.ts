import { i18n, type Messages } from '@lingui/core';
import type { Locale } from './locales';

/*
 * One chunk per locale and catalog (import.meta.glob through @lingui/vite-plugin, which compiles the PO file),
 * so only the active locale's words are downloaded. `first-load` alone serves the cold sign-in screen; the app's
 * frame adds `app`, and each page its areas' catalogs (`words` in app/pages.ts), fetched beside the page's code.
 */
export type Part = 'first-load' | 'app' | 'orders' | 'uploads' | 'webhooks';
export type AreaPart = Exclude<Part, 'first-load' | 'app'>;
/** What the app's frame (navigation, shared pieces, error words) needs on every page. */
export const FRAME_PARTS: Part[] = ['first-load', 'app'];
export const APP_PARTS: Part[] = [...FRAME_PARTS, 'orders', 'uploads', 'webhooks'];

const files: Record<string, () => Promise<{ messages: Messages }>> = {
  ...import.meta.glob<{ messages: Messages }>('../locales/*/*.po'),
  // Written by scripts/pseudo-locale.ts for the layout test build only (git-ignored, absent otherwise).
  ...import.meta.glob<{ messages: Messages }>('../locales/pseudo/*.json', { import: '*' }),
};
const loaded = new Map<string, Promise<void>>();

// A built page keeps only ids: a message asked for before (or without) its catalog shows as one. Say so, loudly
// enough for the e2e fixtures, which fail on a console error (e.g. a first-load screen asking for an app-catalog id).
if (import.meta.env.PROD) {
  i18n.on('missing', ({ id, locale }) => console.error(`i18n: no ${locale} message ${id} in the loaded catalogs`));
}

export function loadCatalog(locale: Locale, part: Part): Promise<void> {
  const key = `${locale}/${part}`;
  let pending = loaded.get(key);
  if (!pending) {
    const file = files[`../locales/${key}.${locale === 'pseudo' ? 'json' : 'po'}`];
    pending = file
      ? file().then(({ messages }) => i18n.load(locale, messages)) // load() merges into the locale's messages
      : Promise.reject(new Error(`No catalog ${key}`));
    pending.catch(() => loaded.delete(key)); // a failed download is tried again next time
    loaded.set(key, pending);
  }
  return pending;
}

let wanted: Locale | null = null;

/** Loads the catalogs, then switches every rendered message (I18nProvider re-renders) and <html lang>. */
export async function activate(locale: Locale, parts: Part[]): Promise<void> {
  wanted = locale;
  await Promise.all(parts.map((part) => loadCatalog(locale, part)));
  if (wanted !== locale) return; // a later choice won the race
  i18n.activate(locale);
  document.documentElement.lang = locale === 'pseudo' ? 'en' : locale;
}

/** The parts the pages shown so far need: the sign-in screen alone needs `first-load`; the app adds its frame's and each page's. */
let neededParts: Part[] = ['first-load'];
const addNeeded = (parts: readonly Part[]) => {
  neededParts = [...new Set([...neededParts, ...parts])];
};

/** Called by the app's start: the frame's words. A page's own come with its code (pageWords). */
export function activateApp(locale: Locale): Promise<void> {
  addNeeded(FRAME_PARTS);
  return activate(locale, neededParts);
}

/**
 * A page's areas' words, in the language the app speaks (or is switching to), before the page draws. From then on a
 * language change loads them too. Already-loaded catalogs cost nothing.
 */
export function pageWords(locale: Locale, parts: readonly AreaPart[]): Promise<void> {
  addNeeded(parts);
  return Promise.all(parts.map((part) => loadCatalog(wanted ?? locale, part))).then(() => undefined);
}

/** The language control (and another tab's choice): switch everything the page shows. */
export function switchLocale(locale: Locale): Promise<void> {
  return activate(locale, neededParts);
}

/** After the sign-in screen's first paint: the app's words download while the user types. */
export function prefetchApp(locale: Locale): void {
  for (const part of APP_PARTS) loadCatalog(locale, part).catch(() => undefined);
}
