import { describe, expect, it } from 'vitest';
import { pairUploads, sentOrderOf } from './submission';

const png = (content: string, name: string) => new File([content], name, { type: 'image/png' });

describe('pairUploads', () => {
  it('pairs files with uploads by position, so two files of one name each go to their own key', () => {
    const first = png('one', 'photo.png');
    const second = png('two', 'photo.png');
    const pairs = pairUploads(
      [
        { file: first, sha256: 'h1' },
        { file: second, sha256: 'h2' },
      ],
      [
        { fileName: 'photo.png', fileKey: 'k1', uploadUrl: 'http://store/1' },
        { fileName: 'photo.png', fileKey: 'k2', uploadUrl: 'http://store/2' },
      ],
    );
    expect(pairs.map((p) => [p.fileKey, p.uploadUrl, p.body, p.sha256])).toEqual([
      ['k1', 'http://store/1', first, 'h1'],
      ['k2', 'http://store/2', second, 'h2'],
    ]);
    expect(pairs[0]?.contentType).toBe('image/png');
  });

  it('keeps only the three fields of an issued upload, and leaves an upload without a file for resume', () => {
    const pairs = pairUploads(
      [{ file: png('x', 'x.png'), sha256: 'h' }],
      [
        { fileName: 'x.png', fileKey: 'k1', uploadUrl: 'u1', fileId: 7, fileType: 'IMG' } as never,
        { fileName: 'y.png', fileKey: 'k2', uploadUrl: 'u2' },
      ],
    );
    expect(pairs).toHaveLength(1);
    expect(Object.keys(pairs[0]!).sort()).toEqual(['body', 'contentType', 'fileKey', 'fileName', 'sha256', 'uploadUrl']);
  });
});

describe('sentOrderOf', () => {
  it('records what each kind of order was sent with', () => {
    expect(
      sentOrderOf({
        type: 'antiAi',
        body: {
          files: [{ fileName: 'a.png' }, { fileName: 'b.jpg', originalFileUrl: 'https://example.com/b.jpg' }],
          options: { strength: 'low' },
        },
        files: [],
      }),
    ).toEqual({
      type: 'antiAi',
      files: [{ fileName: 'a.png' }, { fileName: 'b.jpg', url: 'https://example.com/b.jpg' }],
      strength: 'low',
      zeroCopy: false,
    });
    expect(
      sentOrderOf({ type: 'watermarkEmbed', body: { files: [{ fileName: 'a.png', watermarks: [{ text: 'one' }, { text: 'two' }] }] }, files: [] }),
    ).toEqual({ type: 'watermarkEmbed', files: [{ fileName: 'a.png', texts: ['one', 'two'] }] });
    expect(
      sentOrderOf({
        type: 'watermarkExtract',
        body: { file: { fileName: 'a.png', includeOriginal: true, originalFile: { fileName: 'orig.png' } } },
        files: [],
      }),
    ).toEqual({ type: 'watermarkExtract', files: [{ fileName: 'a.png' }], originalFileName: 'orig.png' });
  });
});
