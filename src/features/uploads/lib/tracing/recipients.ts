import { parseCsv } from '@/lib/csv-read';

/** One person (or company) who gets their own copy of every image. */
export interface Recipient {
  name: string;
  email?: string;
  note?: string;
}

/** A line left out; `file` names the CSV file it came from (none for the pasted list). */
export type RecipientProblem = { line: number; file?: string } & (
  | { kind: 'duplicate'; name: string }
  | { kind: 'no-name' }
  | { kind: 'bad-email'; email: string }
);

export interface ParsedRecipients {
  recipients: Recipient[];
  problems: RecipientProblem[];
  /** The line each recipient was read from. */
  lines?: number[];
}

const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;
const clean = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

function collect(rows: { line: number; name: string; email?: string; note?: string }[]): ParsedRecipients {
  const recipients: Recipient[] = [];
  const lines: number[] = [];
  const problems: RecipientProblem[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const name = clean(row.name);
    const email = clean(row.email);
    const note = clean(row.note);
    if (!name) {
      if (email || note) problems.push({ kind: 'no-name', line: row.line });
      continue;
    }
    if (email && !EMAIL.test(email)) {
      problems.push({ kind: 'bad-email', line: row.line, email });
      continue;
    }
    const key = name.toLocaleLowerCase();
    if (seen.has(key)) {
      problems.push({ kind: 'duplicate', line: row.line, name });
      continue;
    }
    seen.add(key);
    recipients.push({ name, ...(email ? { email } : {}), ...(note ? { note } : {}) });
    lines.push(row.line);
  }
  return { recipients, problems, lines };
}

/**
 * A pasted list, one recipient a line. A line is split into name, e-mail and note only when its second part (after a
 * tab or a comma) is an e-mail address, so "Smith, John" stays one name. "Name <mail@example.com>" works too.
 */
export function parseRecipientLines(text: string): ParsedRecipients {
  return collect(
    text.split(/\r?\n/).map((raw, index) => {
      const line = index + 1;
      const angled = /^(.*?)<([^<>]+@[^<>]+)>\s*$/.exec(raw);
      if (angled) return { line, name: angled[1]!, email: angled[2]! };
      const parts = raw.split(raw.includes('\t') ? '\t' : ',');
      if (parts.length > 1 && EMAIL.test(clean(parts[1]))) return { line, name: parts[0]!, email: parts[1]!, note: parts.slice(2).join(',') };
      return { line, name: raw };
    }),
  );
}

/* eslint-disable lingui/no-unlocalized-strings -- column names a CSV file may have, not words shown */
const NAME_HEADERS = ['name', 'recipient', 'recipients', 'client', '이름', '수신자', '名前', '氏名', '受信者'];
const EMAIL_HEADERS = ['email', 'e-mail', 'mail', 'email address', '이메일', 'メール', 'メールアドレス'];
const NOTE_HEADERS = ['note', 'notes', 'comment', '메모', 'メモ', '備考'];
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * A CSV file of recipients: with a header row (a column named name / recipient, and optionally email and note, in
 * English, Korean or Japanese), or without one (name, e-mail, note in that order).
 */
export function parseRecipientsCsv(text: string): ParsedRecipients {
  const rows = parseCsv(text);
  const header = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const find = (names: string[]) => header.findIndex((cell) => names.includes(cell));
  const nameAt = find(NAME_HEADERS);
  const hasHeader = nameAt >= 0;
  const columns = hasHeader ? { name: nameAt, email: find(EMAIL_HEADERS), note: find(NOTE_HEADERS) } : { name: 0, email: 1, note: 2 };
  return collect(
    rows.slice(hasHeader ? 1 : 0).map((row, index) => ({
      line: index + (hasHeader ? 2 : 1),
      name: row[columns.name] ?? '',
      ...(columns.email >= 0 ? { email: row[columns.email] ?? '' } : {}),
      ...(columns.note >= 0 ? { note: row[columns.note] ?? '' } : {}),
    })),
  );
}

/** The pasted list and a file's list as one (the pasted one first); a name of the file already pasted is reported. */
export function mergeRecipients(a: ParsedRecipients, b: ParsedRecipients, file?: string): ParsedRecipients {
  const seen = new Set(a.recipients.map((r) => r.name.toLocaleLowerCase()));
  const tag = (p: RecipientProblem): RecipientProblem => (file ? { ...p, file } : p);
  const added: Recipient[] = [];
  const problems = [...a.problems, ...b.problems.map(tag)];
  b.recipients.forEach((r, i) => {
    if (seen.has(r.name.toLocaleLowerCase())) problems.push(tag({ kind: 'duplicate', line: b.lines?.[i] ?? 0, name: r.name }));
    else added.push(r);
  });
  return { recipients: [...a.recipients, ...added], problems: problems.sort((x, y) => Number(!!x.file) - Number(!!y.file) || x.line - y.line) };
}
