import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, toCsv } from './csv';

describe('toCsv', () => {
  it('starts with a BOM, ends lines with CRLF and leaves plain fields bare', () => {
    expect(toCsv(['a', 'b'], [['x', 1]])).toBe('\uFEFFa,b\r\nx,1\r\n');
  });

  it('quotes commas, quotes and line breaks, doubling quotes (RFC 4180)', () => {
    const csv = toCsv(['h'], [['a,b'], ['say "hi"'], ['two\nlines'], ['cr\rhere']]);
    expect(csv).toBe('\uFEFFh\r\n"a,b"\r\n"say ""hi"""\r\n"two\nlines"\r\n"cr\rhere"\r\n');
  });

  it('defuses text that a spreadsheet would run as a formula, but not numbers', () => {
    const csv = toCsv(['h'], [['=HYPERLINK("x")'], ['+1'], ['-2'], ['@SUM(A1)'], ['\tx'], [-3]]);
    expect(csv.split('\r\n').slice(1, -1)).toEqual([`"'=HYPERLINK(""x"")"`, "'+1", "'-2", "'@SUM(A1)", "'\tx", '-3']);
  });

  it('writes null and undefined as empty fields and keeps UTF-8 text', () => {
    expect(toCsv(['이벤트', 'イベント'], [[null, undefined]])).toBe('\uFEFF이벤트,イベント\r\n,\r\n');
  });
});

describe('downloadFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('clicks a link to an object URL of the content with the file name', async () => {
    const create = vi.fn((_: Blob) => 'blob:x');
    const revoke = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke }));
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    downloadFile('a.csv', 'h\r\n', 'text/csv');
    expect(clicked).toEqual([{ download: 'a.csv', href: 'blob:x' }]);
    expect(await create.mock.calls[0]![0].text()).toBe('h\r\n');
    await new Promise((r) => setTimeout(r, 0));
    expect(revoke).toHaveBeenCalledWith('blob:x');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
