import { describe, expect, it } from 'vitest';
import { CODE_PATTERN, DEFAULT_TEMPLATE, isUsableTemplate, newCode, normaliseCode, parseReadable, renderReadable } from './templates';

describe('readable templates', () => {
  const cases = [
    { owner: 'Studio Hana', recipient: 'Bob', date: '2026-11-27' },
    { owner: 'ana@example.com', recipient: 'Mary Ann van der Berg', date: '2026-01-02' },
    { owner: 'Kim', recipient: 'Agency for Design', date: '2026-11-27' },
    { owner: 'Kim', recipient: 'Bob · Jr.', date: '2026-11-27' },
    { owner: '김민지', recipient: '山田 太郎', date: '2026-11-27' },
    { owner: 'O’Brien & Sons (Ltd.)', recipient: 'Dr. [Who]? $1 \\ *', date: '27 Nov, 2026' },
    { owner: 'Kim', recipient: '{date}', date: '2026-11-27' },
  ];

  it.each(cases)('reads back what it wrote: $recipient', (values) => {
    const text = renderReadable(DEFAULT_TEMPLATE, values);
    expect(parseReadable(DEFAULT_TEMPLATE, text)).toEqual(values);
  });

  it('fills the default template with the · separator', () => {
    expect(renderReadable(DEFAULT_TEMPLATE, { owner: 'Kim', recipient: 'Bob', date: '2026-11-27' })).toBe('Kim for Bob · 2026-11-27');
  });

  it('collapses line breaks and spaces in values, and reads back the cleaned values', () => {
    const text = renderReadable(DEFAULT_TEMPLATE, { owner: ' Kim ', recipient: 'Bob\n  Smith', date: '2026-11-27' });
    expect(text).toBe('Kim for Bob Smith · 2026-11-27');
    expect(parseReadable(DEFAULT_TEMPLATE, `  ${text} `)).toEqual({ owner: 'Kim', recipient: 'Bob Smith', date: '2026-11-27' });
  });

  it('works with other templates, including a repeated placeholder and one without a date', () => {
    const template = '[{recipient}] © {owner} — {date} — {recipient}';
    const values = { owner: 'Kim', recipient: 'Bob Smith', date: '2026-11-27' };
    expect(parseReadable(template, renderReadable(template, values))).toEqual(values);
    expect(parseReadable(template, '[Bob] © Kim — 2026-11-27 — Eve')).toBeNull();
    expect(parseReadable('For {recipient} only', 'For Eve Adams only')).toEqual({ owner: '', recipient: 'Eve Adams', date: '' });
  });

  it('refuses a text that does not fit', () => {
    expect(parseReadable(DEFAULT_TEMPLATE, 'IMP-7F3K-Q2XD')).toBeNull();
    expect(parseReadable(DEFAULT_TEMPLATE, 'Kim for  · 2026-11-27')).toBeNull();
    expect(parseReadable('no placeholders', 'no placeholders')).toBeNull();
    expect(isUsableTemplate('{owner} · {date}')).toBe(false);
    expect(isUsableTemplate(DEFAULT_TEMPLATE)).toBe(true);
  });
});

describe('private codes', () => {
  it('look like IMP-XXXX-XXXX without 0, O, 1 or I', () => {
    const code = newCode(new Set());
    expect(code).toMatch(CODE_PATTERN);
    expect(code.slice(4)).not.toMatch(/[01OI]/);
    expect(CODE_PATTERN.test('IMP-7F3K-Q2XD')).toBe(true);
    expect(CODE_PATTERN.test('IMP-7F3K-Q2X0')).toBe(false);
    expect(normaliseCode(' imp-7f3k-q2xd ')).toBe('IMP-7F3K-Q2XD');
  });

  it('are unique within a ledger of 5,000', () => {
    const taken = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const code = newCode(taken);
      expect(taken.has(code)).toBe(false);
      taken.add(code);
    }
    expect(taken.size).toBe(5000);
  });

  it('skip a code already taken, even when the random source repeats', () => {
    const sequence = [...Array<number>(8).fill(0), ...Array<number>(8).fill(0), ...Array<number>(8).fill(0.5)];
    let i = 0;
    const random = () => sequence[i++ % sequence.length]!;
    const first = newCode(new Set(), () => 0);
    expect(first).toBe('IMP-2222-2222');
    expect(newCode(new Set([first]), random)).toBe('IMP-JJJJ-JJJJ');
    expect(() => newCode(new Set([first]), () => 0)).toThrow();
  });
});
