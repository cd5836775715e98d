/**
 * CSV as spreadsheets open it (RFC 4180): comma-separated, CRLF line ends, a field quoted when it holds a comma,
 * quote, CR or LF, quotes doubled. A UTF-8 BOM leads, so Excel reads Korean and Japanese text as UTF-8. A text
 * field that a spreadsheet would run as a formula (starting with = + - @, tab or CR) gets a leading apostrophe
 * (OWASP's CSV injection advice); numbers are written as they are, so a negative number stays a number.
 */
type Cell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

function field(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(headers: string[], rows: Cell[][]): string {
  const lines = [headers, ...rows].map((row) => row.map(field).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Saves text as a file through a temporary object URL (no server round trip). */
export function downloadFile(name: string, content: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: Chromium starts the download from the click, after the current task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
