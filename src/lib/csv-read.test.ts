import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';
import { parseCsv, unguardCell } from './csv-read';

describe('parseCsv', () => {
  it('reads back what toCsv writes, quotes, line breaks and the formula guard included', () => {
    const rows = [
      ['a', 'b, c', 'say "hi"'],
      ['line\nbreak', '', '=SUM(A1)'],
      ['김민지', '-3', '@x'],
    ];
    const parsed = parseCsv(toCsv(['x', 'y', 'z'], rows));
    expect(parsed[0]).toEqual(['x', 'y', 'z']);
    expect(parsed.slice(1).map((row) => row.map(unguardCell))).toEqual(rows);
    expect(unguardCell(csvCell("'plain"))).toBe("'plain");
  });

  it('takes ; or tab when the first line has no comma, and drops blank lines', () => {
    expect(parseCsv('a;b\n\n1;2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a\tb\n1\t2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});
