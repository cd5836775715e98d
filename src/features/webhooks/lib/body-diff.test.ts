import { describe, expect, it } from 'vitest';
import { classify, compareBodies, describeChar, diffText, firstDifferingByte, lcsDiff, positionOf, repairLatin1, visibleContext } from './body-diff';

const SIGNED =
  '{"eventType":"order.antiAi.completed","occurredAt":"2026-11-23T10:00:00.000Z","data":{"orderId":"o1","orderName":"Café ✓","status":"complete","fileCount":2}}';
const bytes = (text: string) => new TextEncoder().encode(text);
const kinds = (signed: string, received: string) => classify(signed, received).map((c) => c.kind);

describe('compareBodies', () => {
  it('says identical bodies are identical, with no causes', () => {
    const result = compareBodies(SIGNED, SIGNED);
    expect(result.identical).toBe(true);
    expect(result.causes).toEqual([]);
    expect(result.signedBytes).toBe(bytes(SIGNED).length);
  });

  it('finds the first differing byte with its line and column on both sides', () => {
    const result = compareBodies('{"a":1,\n"b":"x"}', '{"a":1,\n"b":"y"}');
    expect(result.identical).toBe(false);
    expect(result.first).toMatchObject({ offset: 13, signed: { line: 2, column: 6 }, received: { line: 2, column: 6 } });
    const marked = result.first!.receivedContext.find((c) => c.differs);
    expect(marked?.shown).toBe('y');
  });

  it('counts byte offsets in UTF-8 but columns in characters', () => {
    const result = compareBodies('"é1"', '"é2"');
    expect(result.first?.offset).toBe(3); // " (1 byte) + é (2 bytes)
    expect(result.first?.signed.column).toBe(3);
  });

  it('points past the end of the shorter body', () => {
    const result = compareBodies('{}', '{}\n');
    expect(result.first?.offset).toBe(2);
    expect(result.first?.signedContext.at(-1)).toMatchObject({ shown: '∅', differs: true });
    expect(result.first?.receivedContext.at(-1)).toMatchObject({ shown: '␊', differs: true });
  });
});

describe('visible characters', () => {
  it('spells out space, tab, CR and LF', () => {
    const chars = visibleContext(bytes('a \t\r\n'), 0);
    expect(chars.map((c) => c.shown).join('')).toBe('a·→␍␊');
    expect(chars.map((c) => c.name ?? '').join('')).toBe('CRLF');
  });

  it('shows non-ASCII with its code point and UTF-8 bytes', () => {
    expect(describeChar('é')).toEqual({ shown: 'é', code: 'U+00E9 (C3 A9)' });
    expect(describeChar('\uFEFF')).toEqual({ shown: '⍰', code: 'U+FEFF (EF BB BF)' });
  });

  it('never cuts a multi-byte character at the window edge', () => {
    const text = 'ééééééééééééééééééééé!';
    const chars = visibleContext(bytes(text), bytes(text).length - 1, 5);
    expect(chars.every((c) => c.shown === 'é' || c.shown === '!')).toBe(true);
  });

  it('computes positions at line starts', () => {
    expect(positionOf(bytes('ab\ncd'), 3)).toEqual({ line: 2, column: 1 });
    expect(firstDifferingByte(bytes('abc'), bytes('abc'))).toBeUndefined();
  });
});

describe('classify', () => {
  it('a trailing newline added', () => {
    expect(kinds(SIGNED, SIGNED + '\n')).toEqual(['trailing-newline-added']);
  });

  it('a trailing newline removed', () => {
    expect(kinds(SIGNED + '\n', SIGNED)).toEqual(['trailing-newline-removed']);
  });

  it('CRLF instead of LF, and the reverse', () => {
    const lf = JSON.stringify(JSON.parse(SIGNED), null, 2);
    expect(kinds(lf, lf.replace(/\n/g, '\r\n'))).toEqual(['crlf']);
    expect(kinds(lf.replace(/\n/g, '\r\n'), lf)).toEqual(['lf']);
  });

  it('pretty-printing plus a trailing newline (what JSON.stringify(…, null, 2) + "\\n" does)', () => {
    expect(kinds(SIGNED, JSON.stringify(JSON.parse(SIGNED), null, 2) + '\n')).toEqual(['trailing-newline-added', 'whitespace']);
  });

  it('whitespace only, minified against spaced', () => {
    expect(kinds('{"a": 1, "b": [1, 2]}', '{"a":1,"b":[1,2]}')).toEqual(['whitespace']);
  });

  it('same JSON with keys in another order', () => {
    const reordered = JSON.stringify({ data: JSON.parse(SIGNED).data, occurredAt: '2026-11-23T10:00:00.000Z', eventType: 'order.antiAi.completed' });
    expect(kinds(SIGNED, reordered)).toEqual(['key-order']);
  });

  it('unicode escaped (\\u00e9) against raw UTF-8, and the reverse', () => {
    const escaped = SIGNED.replace('é', '\\u00e9').replace('✓', '\\u2713');
    expect(kinds(SIGNED, escaped)).toEqual(['unicode-escaped']);
    expect(kinds(escaped, SIGNED)).toEqual(['unicode-unescaped']);
  });

  it('UTF-8 read as Latin-1 (Ã© mojibake)', () => {
    const mojibake = Array.from(bytes(SIGNED), (b) => String.fromCharCode(b)).join('');
    expect(mojibake).toContain('CafÃ©');
    expect(kinds(SIGNED, mojibake)).toEqual(['latin1-mojibake']);
    expect(repairLatin1(mojibake)).toBe(SIGNED);
    expect(repairLatin1('plain ascii')).toBeUndefined();
  });

  it('a byte-order mark added', () => {
    expect(kinds(SIGNED, '\uFEFF' + SIGNED)).toEqual(['bom-added']);
  });

  it('completely different content names the first differing field', () => {
    const other = SIGNED.replace('"o1"', '"o2"');
    const causes = classify(SIGNED, other);
    expect(causes.map((c) => c.kind)).toEqual(['different-content']);
    expect(causes[0]!.explanation).toContain('data.orderId');
  });

  it('text that is not JSON: whitespace or different content', () => {
    expect(kinds('a b', 'a  b')).toEqual(['whitespace']);
    expect(kinds('hello', 'world')).toEqual(['different-content']);
  });

  it('every cause carries a title and a fix in plain words', () => {
    for (const c of classify(SIGNED, '\uFEFF' + JSON.stringify(JSON.parse(SIGNED), null, 2) + '\n')) {
      expect(c.title.length).toBeGreaterThan(5);
      expect(c.fix.length).toBeGreaterThan(10);
    }
  });
});

describe('diffText', () => {
  const apply = (segments: ReturnType<typeof diffText>, side: 'removed' | 'added') =>
    segments.filter((s) => s.op === 'equal' || s.op === side).map((s) => s.text).join('');

  it('rebuilds both sides from the segments', () => {
    const a = SIGNED;
    const b = JSON.stringify(JSON.parse(SIGNED), null, 2) + '\n';
    const segments = diffText(a, b);
    expect(apply(segments, 'removed')).toBe(a);
    expect(apply(segments, 'added')).toBe(b);
    // Pretty-printing only adds characters.
    expect(segments.some((s) => s.op === 'removed')).toBe(false);
  });

  it('marks a single changed character as one removal and one addition', () => {
    expect(diffText('{"a":1}', '{"a":2}')).toEqual([
      { op: 'equal', text: '{"a":' },
      { op: 'removed', text: '1' },
      { op: 'added', text: '2' },
      { op: 'equal', text: '}' },
    ]);
  });

  it('handles bodies of several KB on both sides', () => {
    const a = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: `item ${i}` })) });
    const b = JSON.stringify(JSON.parse(a), null, 2);
    const segments = diffText(a, b);
    expect(apply(segments, 'removed')).toBe(a);
    expect(apply(segments, 'added')).toBe(b);
  });

  it('lcsDiff keeps the longest common subsequence', () => {
    expect(lcsDiff([...'abcd'], [...'acbd']).filter((s) => s.op === 'equal').flatMap((s) => s.items).length).toBe(3);
  });
});
