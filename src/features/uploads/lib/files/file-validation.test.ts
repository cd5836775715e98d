import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ANTI_AI_EXTENSIONS } from '@/api/formats';
import { MAX_FILE_BYTES } from '@/api/limits';
import { addFiles, contentTypeOf, type Rejection } from './file-validation';
import { parseUrlList } from './url-list';

const file = (name: string, size = 10, type = '') => new File([new Uint8Array(size)], name, { type });
const rules = { extensions: ANTI_AI_EXTENSIONS, maxFiles: 3 };
/** The reasons as the English UI shows them. */
const words = (rejected: Rejection[]) => rejected.map((r) => ({ fileName: r.fileName, reason: i18n._(r.reason) }));

describe('addFiles', () => {
  it('accepts allowed types and explains every rejection', () => {
    const big = file('big.png', 1);
    Object.defineProperty(big, 'size', { value: MAX_FILE_BYTES + 1 });
    const { accepted, rejected } = addFiles([file('a.png')], [file('b.JPG'), file('doc.pdf'), file('a.png'), big, file('e.png', 0)], rules);
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'b.JPG']);
    expect(words(rejected)).toEqual([
      { fileName: 'doc.pdf', reason: 'not an accepted format (use .jpg, .jpeg, .png, .webp)' },
      { fileName: 'a.png', reason: expect.stringMatching(/already in the list/) },
      { fileName: 'big.png', reason: expect.stringMatching(/^larger than 50 MB \(/) },
      { fileName: 'e.png', reason: 'the file is empty' },
    ]);
  });

  it('stops at the count limit', () => {
    const { accepted, rejected } = addFiles([], ['1', '2', '3', '4'].map((n) => file(`${n}.png`)), rules);
    expect(accepted).toHaveLength(3);
    expect(words(rejected)).toEqual([{ fileName: '4.png', reason: 'too many files (at most 3)' }]);
  });

  it('derives a content type from the extension when the browser gives none', () => {
    expect(contentTypeOf(file('x.webp'))).toBe('image/webp');
    expect(contentTypeOf(file('x.png', 1, 'image/png'))).toBe('image/png');
  });
});

describe('parseUrlList', () => {
  it('parses one URL a line with per-line errors', () => {
    const { urls, errors } = parseUrlList(
      'https://ex.com/a.png\n\nftp://ex.com/b.png\nnot a url\nhttp://ex.com/c.txt\nhttp://other.com/x/a.png\n http://ex.com/d%20e.jpg ',
      ANTI_AI_EXTENSIONS,
    );
    expect(urls).toEqual([
      { line: 1, url: 'https://ex.com/a.png', fileName: 'a.png' },
      { line: 7, url: 'http://ex.com/d%20e.jpg', fileName: 'd e.jpg' },
    ]);
    expect(errors.map((e) => [e.line, e.reason])).toEqual([
      [3, 'must start with http:// or https://'],
      [4, 'is not a URL'],
      [5, expect.stringMatching(/must end in a file name/)],
      [6, expect.stringMatching(/same file/)],
    ]);
  });
});
