/**
 * A CSV writer for exports that spreadsheets open as they are (RFC 4180 with an Excel-friendly start).
 *
 * - Fields with a comma, a double quote, CR or LF are quoted; quotes inside are doubled. Lines end in CRLF.
 * - A text cell starting with = + - @ (or a tab / CR, which Excel also reads as a formula start) gets a leading
 *   `'`: a name like `=HYPERLINK(…)` from an order or a webhook body must not run as a formula when opened
 *   (OWASP "CSV injection"). Numbers are written as numbers, so a negative number is not prefixed.
 * - `null` / `undefined` are empty cells.
 * - The text starts with a UTF-8 byte order mark, without which Excel reads UTF-8 as the local code page and
 *   garbles Korean and Japanese.
 */
export type CsvCell = string | number | null | undefined;

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value == null) return '';
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(headers: string[], rows: CsvCell[][]): string {
  const lines = [headers, ...rows].map((row) => row.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/**
 * Saves `content` as a file through a Blob and a temporary object URL, released once the click has handed it
 * to the browser (a URL left alive keeps the whole export in memory until the page closes).
 */
export function downloadFile(name: string, content: BlobPart, mime: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next task, not at once: some browsers start reading the URL only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
