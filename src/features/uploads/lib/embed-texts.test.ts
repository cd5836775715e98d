import { describe, expect, it } from 'vitest';
import { embedEntries, splitTexts } from './embed-texts';

describe('embedEntries', () => {
  it('gives every file without texts of its own the texts for every file', () => {
    const result = embedEntries(['a.png', 'b.png'], 'owner: me\n\n  second  ', {});
    expect(result).toEqual({
      ok: true,
      entries: [
        { fileName: 'a.png', watermarks: [{ text: 'owner: me' }, { text: 'second' }] },
        { fileName: 'b.png', watermarks: [{ text: 'owner: me' }, { text: 'second' }] },
      ],
    });
  });

  it('keeps a file its own texts', () => {
    const result = embedEntries(['a.png', 'b.png'], 'shared', { 'b.png': 'only b' });
    expect(result.ok && result.entries.map((e) => e.watermarks[0]!.text)).toEqual(['shared', 'only b']);
  });

  it('treats blank own texts as none', () => {
    const result = embedEntries(['a.png'], 'shared', { 'a.png': '  \n ' });
    expect(result.ok && result.entries[0]!.watermarks).toEqual([{ text: 'shared' }]);
  });

  it('names the file left without a text, in a sentence', () => {
    const result = embedEntries(['a.png', 'b.png'], '', { 'a.png': 'mine' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect([...result.errors.keys()]).toEqual(['b.png']);
      expect(result.errors.get('b.png')).toBe('b.png has no watermark text: type at least one text for every file, or one for this file.');
    }
  });

  it('refuses more than 10 texts and over-long texts', () => {
    const many = Array.from({ length: 11 }, (_, i) => `t${i}`).join('\n');
    const tooMany = embedEntries(['a.png'], many, {});
    expect(!tooMany.ok && tooMany.errors.get('a.png')).toBe('a.png has 11 texts; a file takes at most 10.');
    const long = embedEntries(['a.png'], 'x'.repeat(1001), {});
    expect(!long.ok && long.errors.get('a.png')).toMatch(/longer than 1,000 characters/);
  });

  it('splits one text a line', () => {
    expect(splitTexts('a\r\nb\n\n')).toEqual(['a', 'b']);
  });
});
