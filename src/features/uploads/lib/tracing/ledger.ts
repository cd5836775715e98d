import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { z } from 'zod';
import { toCsv } from '@/lib/csv';
import { parseCsv, unguardCell } from '@/lib/csv-read';
import { DEFAULT_TEMPLATE, parseReadable } from './templates';

/*
 * The ledger of copies made per recipient (docs/decisions/leak-tracing.md): one entry per copy, kept in this browser's
 * IndexedDB per account, exported to CSV or JSON and imported again on another browser. It is the user's record of
 * who received which text, so it is not cleared on sign-out (unlike the orders copy): losing it would lose the
 * only link from a private code to a recipient.
 */

export interface LedgerEntry {
  id: string;
  recipient: string;
  email?: string;
  note?: string;
  kind: 'text' | 'code';
  /** Exactly the watermark text embedded. */
  text: string;
  template?: string;
  /** The original file name. */
  image: string;
  /** `<image>--<recipient>.<ext>` */
  copyName: string;
  /** Hex SHA-256 of the image uploaded. */
  sourceSha256: string;
  /** Hex SHA-256 of the watermarked copy, once the result was read. */
  copySha256?: string;
  orderId: string;
  /**
   * One id for every copy made in one go: past 100 files the copies are sent as several orders, and the recipients'
   * ZIP takes them all. Absent in entries written before it existed (the order id stands in).
   */
  sendId?: string;
  /** ISO 8601 */
  createdAt: string;
  account: string;
}

export interface Ledger {
  add(entries: LedgerEntry[]): Promise<void>;
  update(id: string, patch: Partial<LedgerEntry>): Promise<void>;
  all(): Promise<LedgerEntry[]>;
  byText(text: string): Promise<LedgerEntry[]>;
  importEntries(entries: LedgerEntry[]): Promise<{ added: number; skipped: number }>;
  clear(): Promise<void>;
}

const SHA256 = /^[0-9a-f]{64}$/;
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value));

export const ledgerEntrySchema = z.object({
  id: z.string().min(1),
  recipient: z.string().min(1),
  email: optionalText,
  note: optionalText,
  kind: z.enum(['text', 'code']),
  text: z.string().min(1),
  template: optionalText,
  image: z.string().min(1),
  copyName: z.string().min(1),
  sourceSha256: z.string().transform((s) => s.toLowerCase()).pipe(z.string().regex(SHA256)),
  copySha256: z
    .string()
    .optional()
    .transform((s) => (s === undefined || s === '' ? undefined : s.toLowerCase()))
    .pipe(z.string().regex(SHA256).optional()),
  orderId: z.string().min(1),
  sendId: optionalText,
  createdAt: z.string().refine((s) => !Number.isNaN(Date.parse(s))),
  account: z.string().min(1),
});

/** The columns of the CSV export, in order: also the fields of an entry. */
export const LEDGER_COLUMNS = [
  'id',
  'recipient',
  'email',
  'note',
  'kind',
  'text',
  'template',
  'image',
  'copyName',
  'sourceSha256',
  'copySha256',
  'orderId',
  'sendId',
  'createdAt',
  'account',
] as const satisfies readonly (keyof LedgerEntry)[];

/** What a JSON export says it is, so a wrong file is named as such. */
export const LEDGER_JSON_FORMAT = 'imprint-ledger';
export const LEDGER_JSON_VERSION = 1;

/** Drops undefined fields, so entries compare and store the same whatever their path. */
function tidy(entry: LedgerEntry): LedgerEntry {
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined)) as unknown as LedgerEntry;
}

const byTime = (a: LedgerEntry, b: LedgerEntry) => a.createdAt.localeCompare(b.createdAt) || a.copyName.localeCompare(b.copyName);

// ---------------------------------------------------------------------------------------------------------------
// Storage

interface StoredEntry extends LedgerEntry {
  /** The account whose ledger holds the entry (an imported entry keeps its own `account`, who made the copy). */
  ledger: string;
}

interface LedgerSchema extends DBSchema {
  entries: { key: string; value: StoredEntry; indexes: { ledger: string; text: [string, string] } };
}

const DB_NAME = 'imprint-ledger';
let opening: Promise<IDBPDatabase<LedgerSchema>> | null = null;

function database(): Promise<IDBPDatabase<LedgerSchema>> {
  opening ??= openDB<LedgerSchema>(DB_NAME, 1, {
    upgrade(db) {
      const entries = db.createObjectStore('entries', { keyPath: ['ledger', 'id'] as unknown as string });
      entries.createIndex('ledger', 'ledger');
      entries.createIndex('text', ['ledger', 'text']);
    },
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
}

const toEntry = ({ ledger: _ledger, ...entry }: StoredEntry): LedgerEntry => entry;

function indexedDbLedger(account: string): Ledger {
  const key = (id: string) => [account, id] as unknown as string;
  const putNew = async (entries: LedgerEntry[]) => {
    const db = await database();
    const tx = db.transaction('entries', 'readwrite');
    let added = 0;
    const seen = new Set<string>();
    for (const entry of entries) {
      if (seen.has(entry.id) || (await tx.store.getKey(key(entry.id))) !== undefined) continue;
      seen.add(entry.id);
      await tx.store.put({ ...tidy(entry), ledger: account });
      added += 1;
    }
    await tx.done;
    return added;
  };
  return {
    async add(entries) {
      const db = await database();
      const tx = db.transaction('entries', 'readwrite');
      await Promise.all([...entries.map((entry) => tx.store.put({ ...tidy(entry), ledger: account })), tx.done]);
    },
    async update(id, patch) {
      const db = await database();
      const tx = db.transaction('entries', 'readwrite');
      const current = await tx.store.get(key(id));
      if (current) await tx.store.put({ ...current, ...tidy({ ...patch } as LedgerEntry), id, ledger: account });
      await tx.done;
    },
    async all() {
      return (await (await database()).getAllFromIndex('entries', 'ledger', account)).map(toEntry).sort(byTime);
    },
    async byText(text) {
      return (await (await database()).getAllFromIndex('entries', 'text', [account, text])).map(toEntry).sort(byTime);
    },
    async importEntries(entries) {
      const added = await putNew(entries);
      return { added, skipped: entries.length - added };
    },
    async clear() {
      const db = await database();
      const tx = db.transaction('entries', 'readwrite');
      let cursor = await tx.store.index('ledger').openCursor(account);
      while (cursor) {
        await cursor.delete();
        cursor = await cursor.continue();
      }
      await tx.done;
    },
  };
}

// Shared by every `openLedger` of the page, so two components see the same entries without IndexedDB.
const memory = new Map<string, Map<string, LedgerEntry>>();

/** The same ledger in memory, for one page's life: where IndexedDB is missing (jsdom, a browser refusing it). */
export function memoryLedger(account: string): Ledger {
  const store = () => {
    let entries = memory.get(account);
    if (!entries) memory.set(account, (entries = new Map()));
    return entries;
  };
  return {
    add: async (entries) => void entries.forEach((entry) => store().set(entry.id, tidy(entry))),
    update: async (id, patch) => {
      const current = store().get(id);
      if (current) store().set(id, tidy({ ...current, ...patch, id }));
    },
    all: async () => [...store().values()].sort(byTime),
    byText: async (text) => [...store().values()].filter((entry) => entry.text === text).sort(byTime),
    importEntries: async (entries) => {
      let added = 0;
      for (const entry of entries) {
        if (store().has(entry.id)) continue;
        store().set(entry.id, tidy(entry));
        added += 1;
      }
      return { added, skipped: entries.length - added };
    },
    clear: async () => void store().clear(),
  };
}

/**
 * The ledger of `account`: IndexedDB, or memory when the browser has none. An IndexedDB that refuses to open (a
 * private window of some browsers) falls back to memory on the first call, for the page's life.
 */
export function openLedger(account: string): Ledger {
  if (typeof indexedDB === 'undefined') return memoryLedger(account);
  const stored = indexedDbLedger(account);
  let chosen: Promise<Ledger> | null = null;
  const pick = () =>
    (chosen ??= database().then(
      () => stored,
      () => memoryLedger(account),
    ));
  return {
    add: async (entries) => (await pick()).add(entries),
    update: async (id, patch) => (await pick()).update(id, patch),
    all: async () => (await pick()).all(),
    byText: async (text) => (await pick()).byText(text),
    importEntries: async (entries) => (await pick()).importEntries(entries),
    clear: async () => (await pick()).clear(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Export and import

export function ledgerToCsv(entries: LedgerEntry[]): string {
  return toCsv(
    [...LEDGER_COLUMNS],
    entries.map((entry) => LEDGER_COLUMNS.map((column) => entry[column] ?? '')),
  );
}

export function ledgerToJson(entries: LedgerEntry[]): string {
  return `${JSON.stringify({ format: LEDGER_JSON_FORMAT, version: LEDGER_JSON_VERSION, exportedAt: new Date().toISOString(), entries: entries.map(tidy) }, null, 2)}\n`;
}

/** An import that cannot be read, worded for the user (the active language at the time of reading). */
export class LedgerFileError extends Error {
  override name = 'LedgerFileError';
}

function entryOrThrow(raw: unknown, where: string): LedgerEntry {
  const parsed = ledgerEntrySchema.safeParse(raw);
  if (parsed.success) return tidy(parsed.data as LedgerEntry);
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || '?';
  throw new LedgerFileError(i18n._(msg`${where}: the field “${field}” is missing or not valid.`));
}

/** A ledger exported as CSV or JSON (chosen by the file's extension, else by its first character), checked entry by entry. */
export function parseLedgerFile(text: string, fileName: string): LedgerEntry[] {
  const body = text.replace(/^\uFEFF/, '').trim();
  const lower = fileName.toLowerCase();
  const json = lower.endsWith('.json') || (!lower.endsWith('.csv') && /^[[{]/.test(body));
  if (body === '') throw new LedgerFileError(i18n._(msg`${fileName} is empty.`));
  if (json) {
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      throw new LedgerFileError(i18n._(msg`${fileName} is not valid JSON.`));
    }
    const list = Array.isArray(data) ? data : (data as { format?: unknown; entries?: unknown } | null)?.format === LEDGER_JSON_FORMAT ? (data as { entries: unknown }).entries : null;
    if (!Array.isArray(list)) throw new LedgerFileError(i18n._(msg`${fileName} is not a ledger exported by Imprint.`));
    return list.map((raw, index) => {
      const number = index + 1;
      return entryOrThrow(raw, i18n._(msg`Entry ${number}`));
    });
  }
  const [header, ...rows] = parseCsv(body);
  const columns = (header ?? []).map((cell) => cell.trim());
  const missing = LEDGER_COLUMNS.filter((column) => !['email', 'note', 'template', 'copySha256', 'sendId'].includes(column) && !columns.includes(column));
  if (missing.length > 0) {
    const names = missing.join(', ');
    throw new LedgerFileError(i18n._(msg`${fileName} is not a ledger exported by Imprint: the columns ${names} are missing.`));
  }
  return rows.map((row, index) => {
    const raw = Object.fromEntries(columns.map((column, i) => [column, unguardCell(row[i] ?? '')]));
    const line = index + 2;
    return entryOrThrow(raw, i18n._(msg`Line ${line}`));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Who had this copy?

/**
 * Who had a copy. From the ledger: the newest copy with the text (`entry`) and every copy with it, oldest first
 * (`copies`): a recipient given copies of several images in one go carries the same readable text in each, and the
 * watermark does not say which image a found file was made from.
 */
export type Owner =
  | { kind: 'ledger'; entry: LedgerEntry; copies: LedgerEntry[] }
  | { kind: 'template'; owner: string; recipient: string; date: string }
  | { kind: 'unknown' };

/**
 * The recipient of a copy from the text extracted from it: the ledger first (the exact text, else the text without
 * surrounding spaces), then each readable template in turn (`templates`, by default the default one; then the
 * templates the ledger's entries were made with).
 */
export function whoHadThisCopy(text: string, entries: LedgerEntry[], templates: string[] = [DEFAULT_TEMPLATE]): Owner {
  const exact = entries.filter((entry) => entry.text === text);
  const trimmed = exact.length > 0 ? exact : entries.filter((entry) => entry.text.trim() === text.trim());
  if (trimmed.length > 0) {
    const copies = [...trimmed].sort(byTime);
    return { kind: 'ledger', entry: copies.at(-1)!, copies };
  }
  const tried = new Set<string>();
  for (const template of [...templates, ...entries.flatMap((entry) => (entry.kind === 'text' && entry.template ? [entry.template] : []))]) {
    if (tried.has(template)) continue;
    tried.add(template);
    const values = parseReadable(template, text);
    if (values) return { kind: 'template', ...values };
  }
  return { kind: 'unknown' };
}

/** The copies made in one go (one send, of one or several orders), newest send first; each send's order ids in order. */
export function sendsOf(entries: readonly LedgerEntry[]): { sendId: string; orderIds: string[]; copies: LedgerEntry[] }[] {
  const sends = new Map<string, LedgerEntry[]>();
  for (const entry of entries) {
    const id = entry.sendId ?? entry.orderId;
    sends.set(id, [...(sends.get(id) ?? []), entry]);
  }
  return [...sends.entries()]
    .map(([sendId, copies]) => ({ sendId, orderIds: [...new Set(copies.map((c) => c.orderId))], copies }))
    .sort((a, b) => b.copies[0]!.createdAt.localeCompare(a.copies[0]!.createdAt));
}

/** Tells every mounted ledger view of the page to read again (the window event `useLedger` listens to). */
export const LEDGER_CHANGED_EVENT = 'imprint:ledger-changed';
export function announceLedgerChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(LEDGER_CHANGED_EVENT));
}
