/**
 * Which language the dashboard speaks: an explicit choice (remembered per browser, followed in every tab)
 * wins; until one is made, the browser's own list decides on every visit, then English.
 * No Lingui import here: this runs before the first paint.
 */
const PSEUDO = import.meta.env.VITE_PSEUDO === '1';

export const LOCALES = ['en', 'ko', 'ja'] as const;
/** 'pseudo' exists only in the layout test build (VITE_PSEUDO=1) and is never offered in the language control. */
export type Locale = (typeof LOCALES)[number] | 'pseudo';

/** Each language named in itself, as the language control lists them. */
export const LANGUAGE_NAMES: Record<(typeof LOCALES)[number], string> = { en: 'English', ko: '한국어', ja: '日本語' };

const KEY = 'imprint.locale';

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value) || (PSEUDO && value === 'pseudo');
}

function stored(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // storage blocked: follow the browser
  }
}

export function initialLocale(languages: readonly string[] = navigator.languages ?? [navigator.language]): Locale {
  const choice = stored();
  if (isLocale(choice)) return choice;
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

/** Another tab chose a language: follow it (the storage event fires only in the other tabs). */
export function onLocaleChangedElsewhere(apply: (locale: Locale) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === KEY && isLocale(event.newValue)) apply(event.newValue);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
