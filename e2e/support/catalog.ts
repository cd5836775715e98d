import fs from 'node:fs';
import path from 'node:path';

/**
 * The words a locale shows for an English message, read from the same PO catalogs the build compiles,
 * so a test can say "the button the English UI calls Create order" in Korean without copying translations.
 */
const LOCALES_DIR = path.join(import.meta.dirname, '..', '..', 'src', 'locales');

function unquote(line: string): string {
  return JSON.parse(line.slice(line.indexOf('"'))) as string;
}

function readPo(file: string): Map<string, string> {
  const entries = new Map<string, string>();
  let field: 'msgid' | 'msgstr' | null = null;
  let msgid = '';
  let msgstr = '';
  const flush = () => {
    if (msgid) entries.set(msgid, msgstr);
    msgid = msgstr = '';
  };
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      field = 'msgid';
      msgid = unquote(line);
    } else if (line.startsWith('msgstr ')) {
      field = 'msgstr';
      msgstr = unquote(line);
    } else if (line.startsWith('"') && field) {
      if (field === 'msgid') msgid += unquote(line);
      else msgstr += unquote(line);
    } else field = null;
  }
  flush();
  return entries;
}

export type Translate = (english: string, values?: Record<string, string | number>) => string;

export function catalog(locale: 'en' | 'ko' | 'ja'): Translate {
  const dir = path.join(LOCALES_DIR, locale);
  const all = new Map<string, string>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.po'))) {
    for (const [id, text] of readPo(path.join(dir, file))) if (text) all.set(id, text);
  }
  return (english, values = {}) => {
    const text = locale === 'en' ? english : all.get(english);
    if (text === undefined) throw new Error(`no ${locale} translation of "${english}" in src/locales/${locale}`);
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

/** Text in the locale's own script: Hangul for Korean, kana or kanji for Japanese. */
export const SCRIPT: Record<'ko' | 'ja', RegExp> = { ko: /[\uAC00-\uD7A3]/, ja: /[\u3040-\u30FF\u4E00-\u9FFF]/ };
