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
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import pseudolocale from 'pseudolocale';

// What must reach the output unchanged: rich-text tags <0>…</0>, {variables}, plural/select headers and branch
// separators, closing braces and the plural '#'. A branch separator is "} other {" (a plural's keys), or "} key {"
// where the brace opens text: a plural's end, a word and an argument ("} of {orders, plural…", "} of {name}") is not.
const SYNTAX =
  /(<\/?\d+\s*\/?>|\{\s*[\w$]+\s*\}|\{[\w$]+,\s*(?:plural|select|selectordinal),[^{]*\{|\}\s*(?:zero|one|two|few|many|other|=\d+)\s*\{|\}\s*\w+\s*\{(?!\s*[\w$]+\s*[},])|\}|#)/g;

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
      const english = entry.translation || entry.message || id;
      // A message the accenting broke would show as raw text in the layout test: stop the build, naming it.
      try {
        messages[id] = compileMessageOrThrow(pseudoMessage(english));
      } catch (error) {
        throw new Error(`pseudo-locale: "${english}" no longer parses once accented: ${String(error)}`);
      }
    }
    fs.writeFileSync(path.join(outDir, `${path.basename(catalog.path)}.json`), JSON.stringify({ messages }));
  }
  return outDir;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`pseudo-locale written to ${await writePseudoCatalogs()}`);
