import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Byte-level comparison of the body that was signed with the body a receiver saw, and the
 * likely reason they differ. Pure: no DOM, no crypto, so every rule is unit-tested.
 */

const encoder = new TextEncoder();

export interface BytePosition {
  /** 1-based line (counted at LF). */
  line: number;
  /** 1-based column in characters (code points), as an editor shows it. */
  column: number;
}

/** One character of a context window, with what is invisible spelled out. */
export interface VisibleChar {
  /** What to print: "·" for a space, "→" tab, "␍" CR, "␊" LF, the character itself otherwise. */
  shown: string;
  /** For non-ASCII or control characters: "U+00E9 (C3 A9)". */
  code?: string;
  /** Short name of a line-break character ("LF", "CR"), printed beside its symbol. */
  name?: string;
  /** Whether this character holds the first differing byte. */
  differs: boolean;
}

export interface FirstDifference {
  offset: number;
  signed: BytePosition;
  received: BytePosition;
  signedContext: VisibleChar[];
  receivedContext: VisibleChar[];
}

export type CauseKind =
  | 'bom-added'
  | 'bom-removed'
  | 'trailing-newline-added'
  | 'trailing-newline-removed'
  | 'crlf'
  | 'lf'
  | 'latin1-mojibake'
  | 'whitespace'
  | 'key-order'
  | 'unicode-escaped'
  | 'unicode-unescaped'
  | 'escapes'
  | 'different-content';

export interface Cause {
  kind: CauseKind;
  title: string;
  explanation: string;
  fix: string;
}

export type DiffOp = 'equal' | 'removed' | 'added';
export interface DiffSegment {
  op: DiffOp;
  text: string;
}

export interface BodyComparison {
  identical: boolean;
  signedBytes: number;
  receivedBytes: number;
  first?: FirstDifference;
  causes: Cause[];
  /** Character diff from the signed body ("removed") to the received one ("added"). */
  diff: DiffSegment[];
}

const CONTEXT_BYTES = 24;

export function compareBodies(signed: string, received: string): BodyComparison {
  const a = encoder.encode(signed);
  const b = encoder.encode(received);
  const offset = firstDifferingByte(a, b);
  if (offset === undefined) return { identical: true, signedBytes: a.length, receivedBytes: b.length, causes: [], diff: [{ op: 'equal', text: signed }] };
  return {
    identical: false,
    signedBytes: a.length,
    receivedBytes: b.length,
    first: {
      offset,
      signed: positionOf(a, offset),
      received: positionOf(b, offset),
      signedContext: visibleContext(a, offset),
      receivedContext: visibleContext(b, offset),
    },
    causes: classify(signed, received),
    diff: diffText(signed, received),
  };
}

export function firstDifferingByte(a: Uint8Array, b: Uint8Array): number | undefined {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? undefined : n;
}

const isContinuation = (byte: number | undefined) => byte !== undefined && (byte & 0xc0) === 0x80;

export function positionOf(bytes: Uint8Array, offset: number): BytePosition {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset && i < bytes.length; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      column = 1;
    } else if (!isContinuation(bytes[i])) column++;
  }
  return { line, column };
}

const hex = (byte: number) => byte.toString(16).toUpperCase().padStart(2, '0');

/** The characters around `offset`, cut on character boundaries so a multi-byte character is never split. */
export function visibleContext(bytes: Uint8Array, offset: number, radius = CONTEXT_BYTES): VisibleChar[] {
  let start = Math.max(0, offset - radius);
  while (start > 0 && isContinuation(bytes[start])) start--;
  let end = Math.min(bytes.length, offset + radius);
  while (end < bytes.length && isContinuation(bytes[end])) end++;
  const chars: VisibleChar[] = [];
  let i = start;
  while (i < end) {
    let j = i + 1;
    while (j < bytes.length && isContinuation(bytes[j])) j++;
    const slice = bytes.subarray(i, j);
    const differs = offset >= i && offset < j;
    chars.push({ ...describeChar(new TextDecoder().decode(slice), slice), differs });
    i = j;
  }
  // The first difference may sit just past the end of the shorter body.
  if (offset >= bytes.length) chars.push({ shown: '∅', code: i18n._(msg`end of body`), differs: true });
  return chars;
}

const NAMED: Record<string, string> = { ' ': '·', '\t': '→', '\r': '␍', '\n': '␊' };

export function describeChar(char: string, bytes: Uint8Array = encoder.encode(char)): Omit<VisibleChar, 'differs'> {
  const named = NAMED[char];
  if (named) return char === '\n' ? { shown: named, name: 'LF' } : char === '\r' ? { shown: named, name: 'CR' } : { shown: named };
  const cp = char.codePointAt(0) ?? 0;
  if (cp >= 0x21 && cp <= 0x7e) return { shown: char };
  // eslint-disable-next-line lingui/no-unlocalized-strings -- Unicode notation ("U+00E9 (C3 A9)"), the same in every language
  const code = `U+${cp.toString(16).toUpperCase().padStart(4, '0')} (${Array.from(bytes, hex).join(' ')})`;
  // Controls, the BOM and other invisible characters print only as their code.
  const invisible = cp < 0x20 || cp === 0x7f || cp === 0xfeff || (cp >= 0x80 && cp < 0xa0) || cp === 0xfffd;
  return { shown: invisible ? '⍰' : char, code };
}

/** Invisible characters of a whole text made visible (for the diff view). */
export function makeVisible(text: string): string {
  return text.replace(/[ \t\r\n\uFEFF]/g, (c) => (c === '\n' ? '␊\n' : c === '\uFEFF' ? '⟨BOM⟩' : NAMED[c]!));
}

// ---------------------------------------------------------------------------------------------
// Classification: undo one known transformation at a time and see whether the bodies then agree.

/** Descriptors, read in the active language when a comparison is made (compareBodies runs during render). */
const CAUSES: Record<CauseKind, { title: MessageDescriptor; explanation: MessageDescriptor; fix: MessageDescriptor }> = {
  'bom-added': {
    title: msg`A byte-order mark was added`,
    explanation: msg`The received body starts with U+FEFF (bytes EF BB BF), which the signed body does not have.`,
    fix: msg`Do not re-save the body through an editor or encoder that writes a BOM; verify the raw request bytes.`,
  },
  'bom-removed': {
    title: msg`A byte-order mark was removed`,
    explanation: msg`The signed body starts with U+FEFF (bytes EF BB BF) and the received one does not.`,
    fix: msg`Verify the raw request bytes before any decoding that strips the BOM.`,
  },
  'trailing-newline-added': {
    title: msg`A trailing newline was added`,
    explanation: msg`The received body ends with a line break that the signed body does not have.`,
    fix: msg`Sign-check the raw request bytes; do not append a newline when logging, saving or pasting the body.`,
  },
  'trailing-newline-removed': {
    title: msg`A trailing newline was removed`,
    explanation: msg`The signed body ends with a line break that the received body lacks (trimmed somewhere).`,
    fix: msg`Do not trim the body before checking the signature.`,
  },
  crlf: {
    title: msg`Line endings changed from LF to CRLF`,
    explanation: msg`The received body has CR LF (␍␊) where the signed body has LF (␊) only.`,
    fix: msg`Read the body as bytes, not as text with newline conversion (binary mode, no git autocrlf on saved fixtures).`,
  },
  lf: {
    title: msg`Line endings changed from CRLF to LF`,
    explanation: msg`The signed body has CR LF (␍␊) where the received body has LF (␊) only.`,
    fix: msg`Read the body as bytes, not as text with newline conversion.`,
  },
  'latin1-mojibake': {
    title: msg`The body was decoded with the wrong encoding`,
    explanation: msg`The UTF-8 bytes were read as Latin-1, so “é” became “Ã©” (each multi-byte character turned into two or three).`,
    fix: msg`Treat the request body as raw bytes, or decode it as UTF-8, before computing the HMAC.`,
  },
  whitespace: {
    title: msg`Whitespace differs (the JSON was re-formatted)`,
    explanation: msg`Spaces, indentation or line breaks between JSON tokens differ: the body was parsed and pretty-printed or minified again.`,
    fix: msg`Compute the HMAC over the raw body before any JSON parsing (e.g. express.raw(), request.get_data(), php://input).`,
  },
  'key-order': {
    title: msg`Same JSON, but the key order differs`,
    explanation: msg`Both bodies parse to the same values, with object keys in a different order: the body was parsed and serialised again.`,
    fix: msg`Verify the signature on the raw body, never on a re-serialised object.`,
  },
  'unicode-escaped': {
    title: msg`Non-ASCII characters were escaped`,
    explanation: msg`The received body writes characters like “é” as \\u00e9 escapes where the signed body has raw UTF-8 (e.g. json.dumps with ensure_ascii, PHP json_encode).`,
    fix: msg`Use the raw body bytes for the HMAC, not a re-encoded JSON string.`,
  },
  'unicode-unescaped': {
    title: msg`Unicode escapes were decoded`,
    // eslint-disable-next-line lingui/no-single-variables-to-translate -- the rule misreads the \\u escape as a lone placeholder
    explanation: msg`The signed body has \\uXXXX escapes where the received body has the raw characters.`,
    fix: msg`Use the raw body bytes for the HMAC, not a re-encoded JSON string.`,
  },
  escapes: {
    title: msg`String escapes differ`,
    explanation: msg`The JSON values are the same but strings are escaped differently (for example \\/ against /).`,
    fix: msg`Use the raw body bytes for the HMAC, not a re-encoded JSON string.`,
  },
  'different-content': {
    title: msg`The content is different`,
    explanation: msg`The bodies do not carry the same data, even after undoing formatting changes.`,
    fix: msg`Check that you compare the same delivery (event id header X-Service-Event-Id), and that nothing in your stack rewrites values.`,
  },
};

const cause = (kind: CauseKind, explanation?: string): Cause => {
  const words = CAUSES[kind];
  return { kind, title: i18n._(words.title), explanation: explanation ?? i18n._(words.explanation), fix: i18n._(words.fix) };
};

export function classify(signed: string, received: string): Cause[] {
  const causes: Cause[] = [];
  let a = signed;
  let b = received;
  const done = () => a === b;

  if (b.startsWith('\uFEFF') && !a.startsWith('\uFEFF')) {
    causes.push(cause('bom-added'));
    b = b.slice(1);
  } else if (a.startsWith('\uFEFF') && !b.startsWith('\uFEFF')) {
    causes.push(cause('bom-removed'));
    a = a.slice(1);
  }
  if (done()) return causes;

  const crlfA = a.includes('\r\n');
  const crlfB = b.includes('\r\n');
  if (crlfA !== crlfB) {
    causes.push(cause(crlfB ? 'crlf' : 'lf'));
    a = a.replace(/\r\n/g, '\n');
    b = b.replace(/\r\n/g, '\n');
  }
  if (done()) return causes;

  const trailA = /\n+$/.exec(a)?.[0].length ?? 0;
  const trailB = /\n+$/.exec(b)?.[0].length ?? 0;
  if (trailA !== trailB) {
    causes.push(cause(trailB > trailA ? 'trailing-newline-added' : 'trailing-newline-removed'));
    a = a.slice(0, a.length - trailA);
    b = b.slice(0, b.length - trailB);
  }
  if (done()) return causes;

  const repaired = repairLatin1(b);
  if (repaired !== undefined && repaired !== b && (repaired === a || sameJson(repaired, a))) {
    causes.push(cause('latin1-mojibake'));
    b = repaired;
  }
  if (done()) return causes;

  const jsonCauses = classifyJson(a, b);
  causes.push(...jsonCauses);
  if (jsonCauses.length === 0) {
    // Not JSON on both sides: fall back to a plain-text whitespace check.
    causes.push(cause(a.replace(/\s+/g, '') === b.replace(/\s+/g, '') ? 'whitespace' : 'different-content'));
  }
  return causes;
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Sorted keys at every level: two values that differ only by key order serialise the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}

function sameJson(x: string, y: string): boolean {
  const px = parse(x);
  const py = parse(y);
  return px.ok && py.ok && canonicalJson(px.value) === canonicalJson(py.value);
}

function classifyJson(a: string, b: string): Cause[] {
  const pa = parse(a);
  const pb = parse(b);
  if (!pa.ok || !pb.ok) return [];
  if (canonicalJson(pa.value) !== canonicalJson(pb.value)) {
    const path = firstDifferingPath(pa.value, pb.value);
    return [
      cause(
        'different-content',
        path
          ? i18n._(msg`The JSON values differ, first at ${path}: this looks like a different event or a rewritten value.`)
          : i18n._(msg`The JSON values differ: this looks like a different event or a rewritten value.`),
      ),
    ];
  }
  const causes: Cause[] = [];
  const tokensA = jsonTokens(a);
  const tokensB = jsonTokens(b);
  if (tokensA.whitespace.join('|') !== tokensB.whitespace.join('|')) causes.push(cause('whitespace'));
  if (JSON.stringify(pa.value) !== JSON.stringify(pb.value)) causes.push(cause('key-order'));
  else if (tokensA.strings.join('\u0000') !== tokensB.strings.join('\u0000')) {
    const escapedA = countUnicodeEscapes(a);
    const escapedB = countUnicodeEscapes(b);
    causes.push(cause(escapedB > escapedA ? 'unicode-escaped' : escapedA > escapedB ? 'unicode-unescaped' : 'escapes'));
  }
  return causes;
}

const countUnicodeEscapes = (text: string) => (text.match(/\\u(?!00[0-1][0-9a-fA-F])[0-9a-fA-F]{4}/g) ?? []).length;

/** Whitespace runs between tokens and the raw string/number literals of a JSON text, in order. */
export function jsonTokens(text: string): { whitespace: string[]; strings: string[] } {
  const whitespace: string[] = [];
  const strings: string[] = [];
  let i = 0;
  let run = '';
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      run += c;
      i++;
      continue;
    }
    whitespace.push(run);
    run = '';
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      strings.push(text.slice(i, j + 1));
      i = j + 1;
    } else i++;
  }
  whitespace.push(run);
  return { whitespace, strings };
}

function firstDifferingPath(x: unknown, y: unknown, path = ''): string | undefined {
  if (x && y && typeof x === 'object' && typeof y === 'object') {
    const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
    for (const key of keys) {
      const sub = firstDifferingPath((x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key], Array.isArray(x) ? `${path}[${key}]` : path ? `${path}.${key}` : key);
      if (sub !== undefined) return sub;
    }
    return undefined;
  }
  return canonicalJson(x) === canonicalJson(y) ? undefined : path || '(root)';
}

/** Reverses "UTF-8 bytes read as Latin-1"; undefined when the text cannot be such a mix-up. */
export function repairLatin1(text: string): string | undefined {
  if (!/[\u00C2-\u00F4][\u0080-\u00BF]/.test(text)) return undefined;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) return undefined;
    bytes[i] = code;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Diff: LCS on characters for the changed middle; on lines first when the middle is too large.

const MAX_CELLS = 2_000_000;

export function diffText(a: string, b: string): DiffSegment[] {
  const out: DiffSegment[] = [];
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  push(out, 'equal', a.slice(0, prefix));
  const midA = a.slice(prefix, a.length - suffix);
  const midB = b.slice(prefix, b.length - suffix);
  if ((midA.length + 1) * (midB.length + 1) <= MAX_CELLS) {
    for (const seg of lcsDiff([...midA], [...midB])) push(out, seg.op, seg.items.join(''));
  } else {
    const linesA = splitLines(midA);
    const linesB = splitLines(midB);
    if ((linesA.length + 1) * (linesB.length + 1) <= MAX_CELLS) {
      for (const seg of lcsDiff(linesA, linesB)) push(out, seg.op, seg.items.join(''));
    } else {
      push(out, 'removed', midA);
      push(out, 'added', midB);
    }
  }
  push(out, 'equal', a.slice(a.length - suffix));
  return out;
}

function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function push(out: DiffSegment[], op: DiffOp, text: string) {
  if (!text) return;
  const last = out.at(-1);
  if (last && last.op === op) last.text += text;
  else out.push({ op, text });
}

/** Classic LCS table; removals are listed before additions in each changed run. */
export function lcsDiff<T>(a: readonly T[], b: readonly T[]): Array<{ op: DiffOp; items: T[] }> {
  const n = a.length;
  const m = b.length;
  const width = m + 1;
  const table = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * width + j] = a[i] === b[j] ? table[(i + 1) * width + j + 1]! + 1 : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
    }
  }
  const result: Array<{ op: DiffOp; items: T[] }> = [];
  const add = (op: DiffOp, item: T) => {
    const last = result.at(-1);
    if (last && last.op === op) last.items.push(item);
    else result.push({ op, items: [item] });
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      add('equal', a[i]!);
      i++;
      j++;
    } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) add('removed', a[i++]!);
    else add('added', b[j++]!);
  }
  while (i < n) add('removed', a[i++]!);
  while (j < m) add('added', b[j++]!);
  return result;
}
