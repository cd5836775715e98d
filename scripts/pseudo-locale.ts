/**
 * The pseudo-locale for the layout test (docs/decisions/i18n.md): every English message accented and about 40 %
 * longer, placeholders, tags and plural syntax untouched, written compiled to src/locales/pseudo/<catalog>.json
 * (git-ignored). The e2e build (VITE_PSEUDO=1) can then be switched to it with localStorage 'imprint.locale' = 'pseudo'.
 *
 *   npx tsx scripts/pseudo-locale.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import pseudolocale from 'pseudolocale';

// What must reach the output unchanged: rich-text tags <0>…</0>, {variables}, plural/select headers and branch
// separators, closing braces and the plural '#'.
const SYNTAX = /(<\/?\d+\s*\/?>|\{\s*[\w$]+\s*\}|\{[\w$]+,\s*(?:plural|select|selectordinal),[^{]*\{|\}\s*[\w=]+\s*\{|\}|#)/g;

/** Accents the letters and lengthens each run of text by 40 %, in words, so that it can still wrap like real text. */
function stretch(text: string): string {
  if (!/\p{L}/u.test(text)) return text;
  const accented = pseudolocale(text, { prepend: '', append: '' });
  const extra = Math.ceil(text.trim().length * 0.4);
  let padding = '';
  while (padding.replace(/ /g, '').length < extra) padding += padding.length % 6 === 5 ? ' ' : 'ẋ';
  return `${accented.trimEnd()} ${padding.trim()}${accented.endsWith(' ') ? ' ' : ''}`;
}

export function pseudoMessage(message: string): string {
  return message
    .split(SYNTAX)
    .map((part, index) => (index % 2 === 1 ? part : stretch(part)))
    .join('');
}

export async function writePseudoCatalogs(root = process.cwd()): Promise<string> {
  const outDir = path.join(root, 'src', 'locales', 'pseudo');
  fs.mkdirSync(outDir, { recursive: true });
  for (const catalog of await getCatalogs(getConfig({ cwd: root }))) {
    const en = (await catalog.read('en')) ?? {};
    const messages: Record<string, unknown> = {};
    for (const [id, entry] of Object.entries(en)) {
      if (entry.obsolete) continue;
      messages[id] = compileMessage(pseudoMessage(entry.translation || entry.message || id));
    }
    fs.writeFileSync(path.join(outDir, `${path.basename(catalog.path)}.json`), JSON.stringify({ messages }));
  }
  return outDir;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`pseudo-locale written to ${await writePseudoCatalogs()}`);
