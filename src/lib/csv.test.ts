import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvCell, downloadFile, toCsv } from './csv';
import { formatIsoWithOffset } from './format';

const BOM = '\uFEFF';

describe('toCsv', () => {
  it('starts with a UTF-8 BOM and ends every line with CRLF', () => {
    expect(toCsv(['주문', '注文'], [['a', 1]])).toBe(`${BOM}주문,注文\r\na,1\r\n`);
  });

  it('quotes fields with commas, quotes and line breaks, doubling inner quotes (RFC 4180)', () => {
    const csv = toCsv(['a', 'b', 'c', 'd'], [['x,y', 'say "hi"', 'two\nlines', 'cr\rhere']]);
    expect(csv.split('\r\n')[1]).toBe('"x,y","say ""hi""","two\nlines","cr\rhere"');
  });

  it('writes null and undefined as empty cells and numbers as they are', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [[null, undefined, 0, -3]]).split('\r\n')[1]).toBe(',,0,-3');
  });
});

describe('csvCell formula guard', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
  ])('prefixes %j with an apostrophe', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('leaves ordinary text and negative numbers alone', () => {
    expect(csvCell('Homepage banners')).toBe('Homepage banners');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-5)).toBe('-5');
  });
});

describe('downloadFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('clicks a temporary link to an object URL, then removes the link and releases the URL', async () => {
    const create = vi.fn(() => 'blob:test');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: { download: string; href: string; inDocument: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href, inDocument: this.isConnected });
    });
    downloadFile('orders.csv', 'a,b', 'text/csv;charset=utf-8');
    expect(clicked).toEqual([{ download: 'orders.csv', href: 'blob:test', inDocument: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    const blob = (create.mock.calls[0] as unknown as [Blob])[0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(await blob.text()).toBe('a,b');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revoke).toHaveBeenCalledWith('blob:test');
  });
});

describe('formatIsoWithOffset', () => {
  it('writes the instant in the local zone with its offset, and names the same moment', () => {
    const text = formatIsoWithOffset('2026-11-25T07:47:00.000Z');
    expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(Date.parse(text)).toBe(Date.parse('2026-11-25T07:47:00.000Z'));
  });
});
