import fs from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';

/**
 * The words a locale shows for an English message, read from the same PO catalogs the build compiles,
 * so a test can say "the button the English UI calls Create order" in Korean without copying translations.
 */
const LOCALES_DIR = path.join(import.meta.dirname, '..', '..', 'src', 'locales');
const po = formatter();

/**
 * A PO file's translations, read with the formatter lingui.config.ts uses. A message with a context (msgctxt) is
 * keyed "context\u0004English", as gettext does, so plain English finds only the message without one.
 */
function readPo(file: string): Array<[string, string]> {
  const parsed = po.parse(fs.readFileSync(file, 'utf8'), { locale: path.basename(path.dirname(file)), sourceLocale: 'en', filename: file });
  if (parsed instanceof Promise) throw new Error('@lingui/format-po parsed asynchronously');
  return Object.values(parsed).map((entry) => [entry.context ? `${entry.context}\u0004${entry.message}` : (entry.message ?? ''), entry.translation ?? '']);
}

export type Translate = (english: string, values?: Record<string, string | number>) => string;

/**
 * One message, one wording in a locale: scripts/check-catalogs.ts fails when two catalogs translate the same message
 * differently (the app merges them by id, so the screen would show either). Should it ever happen, this throws rather
 * than answer with whichever file the folder listed last (a CI clone once listed them in another order).
 */
export function catalog(locale: 'en' | 'ko' | 'ja'): Translate {
  const dir = path.join(LOCALES_DIR, locale);
  const texts = new Map<string, Set<string>>(); // English (with its context) → its translations
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.po'))) {
    for (const [id, text] of readPo(path.join(dir, file))) if (text) texts.set(id, (texts.get(id) ?? new Set()).add(text));
  }
  return (english, values = {}) => {
    let text = english;
    if (locale !== 'en') {
      const candidates = texts.get(english);
      if (!candidates) throw new Error(`no ${locale} translation of "${english}" in src/locales/${locale}`);
      if (candidates.size > 1) throw new Error(`"${english}" reads ${[...candidates].map((c) => `"${c}"`).join(' or ')} in src/locales/${locale}`);
      text = [...candidates][0]!;
    }
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

/** Text in the locale's own script: Hangul for Korean, kana or kanji for Japanese. */
export const SCRIPT: Record<'ko' | 'ja', RegExp> = { ko: /[\uAC00-\uD7A3]/, ja: /[\u3040-\u30FF\u4E00-\u9FFF]/ };
