/**
 * Reads CSV text back into rows (RFC 4180): quoted fields with doubled quotes and line breaks inside, CRLF or LF,
 * a leading UTF-8 byte order mark dropped. The separator is a comma unless the first line has none and has a
 * semicolon or a tab (spreadsheets in some locales save with `;`). Blank lines are dropped.
 */
export function parseCsv(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator = firstLine.includes(',') ? ',' : firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    cell = '';
  };
  while (i < body.length) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"') {
        if (body[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += c;
      i += 1;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      endRow();
      i += 1;
    } else if (c === '\n' || c === '\r') endRow();
    else cell += c;
    i += 1;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** Undoes `csvCell`'s formula guard: a `'` written before a leading = + - @ tab or CR. */
export function unguardCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}
