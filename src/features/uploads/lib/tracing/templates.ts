/*
 * Watermark texts for copies made per recipient (docs/decisions/leak-tracing.md).
 *
 * Two kinds: a readable text made from a template (`{owner} for {recipient} · {date}`), which anyone who extracts the
 * watermark can read back without a ledger, and a private code (`IMP-7F3K-Q2XD`) that names no one and is looked up in
 * the ledger. The words of a template are the user's own, so they are data, not messages to translate.
 */

// eslint-disable-next-line lingui/no-unlocalized-strings -- the watermark's own words: one default in every language, so any copy reads back
export const DEFAULT_TEMPLATE = '{owner} for {recipient} · {date}';

/** The placeholders as a user types them (kept out of translated words: braces are ICU syntax there). */
export const PLACEHOLDERS = { owner: '{owner}', recipient: '{recipient}', date: '{date}' } as const;

export type TemplateValues = { owner: string; recipient: string; date: string };
type Field = keyof TemplateValues;

const PLACEHOLDER = /\{(owner|recipient|date)\}/g;
const FIELDS: readonly Field[] = ['owner', 'recipient', 'date'];

/** One line, no surrounding spaces: a value with a line break or a tab would not read back the same. */
function clean(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** The template with its placeholders filled in one pass (a value holding `{date}` is not filled again). */
export function renderReadable(template: string, v: TemplateValues): string {
  return template.replace(PLACEHOLDER, (_, field: Field) => clean(v[field]));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The placeholders a template uses, in order of first appearance. */
export function templateFields(template: string): Field[] {
  const seen: Field[] = [];
  for (const match of template.matchAll(PLACEHOLDER)) {
    const field = match[1] as Field;
    if (!seen.includes(field)) seen.push(field);
  }
  return seen;
}

/** A template can be read back only when it names the recipient. */
export function isUsableTemplate(template: string): boolean {
  return templateFields(template).includes('recipient');
}

/**
 * The values back from a text made by `renderReadable(template, …)`, or null when the text does not fit the template.
 *
 * Ambiguity is settled one way: the first placeholder takes as little as it can, the later ones as much as they can,
 * except `{date}`, which never holds a `·`. So with the default template an owner
 * is read up to the first " for ", and a recipient may itself hold " for " or " · " (the date is read after the last
 * " · "). An owner holding " for " cannot be told apart from such a recipient: the account's name rarely does.
 * A placeholder used twice must hold the same value both times.
 */
export function parseReadable(template: string, text: string): TemplateValues | null {
  const fields = templateFields(template);
  if (fields.length === 0) return null;
  const used = new Set<Field>();
  let pattern = '^';
  let last = 0;
  let index = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    pattern += escapeRegExp(match.index > last ? template.slice(last, match.index) : '');
    const field = match[1] as Field;
    if (used.has(field)) {
      pattern += `\\k<${field}>`;
    } else {
      used.add(field);
      const body = field === 'date' ? '[^·\\n]+?' : index === 0 ? '.+?' : '.+';
      pattern += `(?<${field}>${body})`;
    }
    index += 1;
    last = match.index + match[0].length;
  }
  pattern += `${escapeRegExp(template.slice(last))}$`;
  const found = new RegExp(pattern, 'su').exec(text.trim());
  if (!found?.groups) return null;
  const values: TemplateValues = { owner: '', recipient: '', date: '' };
  for (const field of FIELDS) values[field] = clean(found.groups[field] ?? '');
  if (fields.includes('recipient') && values.recipient === '') return null;
  return values;
}

/** Letters and digits that cannot be misread: no 0/O, no 1/I. 32 symbols, 5 bits each. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** A private code: `IMP-` and two groups of four (40 bits, about 1.1 × 10¹² codes). */
export const CODE_PATTERN = /^IMP-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

/** A uniform number in [0, 1) from the browser's cryptographic random source. */
export function cryptoRandom(): number {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return word[0]! / 2 ** 32;
}

/** A code not yet in `taken` (the ledger's codes). With 40 bits, a retry is needed about once in 10⁸ codes per 1,000 taken. */
export function newCode(taken: ReadonlySet<string>, random: () => number = cryptoRandom): string {
  for (let attempt = 0; attempt < 10_000; attempt++) {
    let symbols = '';
    for (let i = 0; i < 8; i++) symbols += CODE_ALPHABET[Math.floor(random() * CODE_ALPHABET.length) % CODE_ALPHABET.length];
    const code = `IMP-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
    if (!taken.has(code)) return code;
  }
  throw new Error('No unused code was found: the random source repeats itself.');
}

/** The code in a text read back from a copy, upper-cased and with spaces dropped (a code typed from a screen). */
export function normaliseCode(text: string): string | null {
  const compact = text.trim().toUpperCase().replace(/\s+/g, '');
  return CODE_PATTERN.test(compact) ? compact : null;
}
