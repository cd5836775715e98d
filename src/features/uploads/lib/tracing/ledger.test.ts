import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ledgerToCsv, ledgerToJson, memoryLedger, openLedger, parseLedgerFile, sendsOf, whoHadThisCopy, type LedgerEntry } from './ledger';
import { DEFAULT_TEMPLATE, newCode } from './templates';

const hex = (n: number) => n.toString(16).padStart(64, '0');

const entry = (i: number, over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: `copy-${i}`,
  recipient: ['Ann', 'Bob Smith', '=HYPERLINK("x")', '김민지, "Team"'][i % 4]!,
  email: i % 2 === 0 ? `r${i}@example.com` : undefined,
  note: i % 3 === 0 ? 'line one\nline two' : undefined,
  kind: i % 2 === 0 ? 'text' : 'code',
  text: i % 2 === 0 ? `Kim for R${i} · 2026-11-27` : `IMP-2222-${String(i).padStart(4, '2').replace(/[01]/g, '9')}`,
  template: i % 2 === 0 ? DEFAULT_TEMPLATE : undefined,
  image: 'photo 1.jpg',
  copyName: `photo 1--r${i}.jpg`,
  sourceSha256: hex(i),
  copySha256: i % 2 === 0 ? hex(1000 + i) : undefined,
  orderId: 'ord_01',
  sendId: i % 2 === 0 ? 'send-1' : undefined,
  createdAt: new Date(Date.UTC(2026, 10, 27, 9, 0, i)).toISOString(),
  account: 'kim@example.com',
  ...over,
});

const clean = (e: LedgerEntry) => JSON.parse(JSON.stringify(e)) as LedgerEntry;

describe('the ledger store (IndexedDB)', () => {
  it('adds, finds by text, updates, keeps accounts apart, imports without duplicates, and clears', async () => {
    const ledger = openLedger('kim@example.com');
    const other = openLedger('lee@example.com');
    await ledger.clear();
    const entries = Array.from({ length: 8 }, (_, i) => entry(i));
    await ledger.add(entries);
    await other.add([entry(100)]);
    expect(await ledger.all()).toEqual(entries.map(clean));
    expect(await ledger.byText(entries[2]!.text)).toEqual([clean(entries[2]!)]);
    await ledger.update('copy-1', { copySha256: hex(77) });
    expect((await ledger.all()).find((e) => e.id === 'copy-1')?.copySha256).toBe(hex(77));
    expect(await ledger.importEntries([entry(3), entry(20), entry(20)])).toEqual({ added: 1, skipped: 2 });
    expect(await ledger.all()).toHaveLength(9);
    expect(await other.all()).toHaveLength(1);
    await ledger.clear();
    expect(await ledger.all()).toEqual([]);
    expect(await other.all()).toHaveLength(1);
  });
});

describe('export and import', () => {
  const entries = Array.from({ length: 12 }, (_, i) => entry(i));

  it('round-trips through CSV (quotes, commas, line breaks, formula-looking names, Korean)', () => {
    const csv = ledgerToCsv(entries);
    expect(csv.startsWith('\uFEFFid,recipient,')).toBe(true);
    expect(csv).toContain(`'=HYPERLINK`);
    expect(parseLedgerFile(csv, 'ledger.csv')).toEqual(entries.map(clean));
  });

  it('round-trips through JSON', () => {
    expect(parseLedgerFile(ledgerToJson(entries), 'ledger.json')).toEqual(entries.map(clean));
    expect(parseLedgerFile(JSON.stringify(entries), 'export')).toEqual(entries.map(clean));
  });

  it('round-trips through a store on another browser', async () => {
    const ledger = memoryLedger('new-browser');
    expect(await ledger.importEntries(parseLedgerFile(ledgerToCsv(entries), 'l.csv'))).toEqual({ added: 12, skipped: 0 });
    expect(await ledger.importEntries(parseLedgerFile(ledgerToJson(entries), 'l.json'))).toEqual({ added: 0, skipped: 12 });
    expect(await ledger.all()).toEqual(entries.map(clean));
  });

  it('says what is wrong with a file it cannot read', () => {
    expect(() => parseLedgerFile('', 'a.csv')).toThrow(/empty/);
    expect(() => parseLedgerFile('{nope', 'a.json')).toThrow(/not valid JSON/);
    expect(() => parseLedgerFile('{"orders":[]}', 'a.json')).toThrow(/not a ledger/);
    expect(() => parseLedgerFile('name,email\nBob,b@x', 'a.csv')).toThrow(/columns .*id/);
    const broken = ledgerToCsv([entry(0), entry(1, { sourceSha256: 'abc' })]);
    expect(() => parseLedgerFile(broken, 'a.csv')).toThrow(/Line 3: the field “sourceSha256”/);
  });
});

describe('who had this copy?', () => {
  const entries = [entry(0), entry(1), entry(2, { text: 'shared', createdAt: '2026-01-01T00:00:00.000Z' }), entry(3, { text: 'shared' })];

  it('finds the ledger entry by the exact text first, the newest when several share it, and lists every copy with it oldest first', () => {
    expect(whoHadThisCopy(entries[1]!.text, entries)).toEqual({ kind: 'ledger', entry: entries[1], copies: [entries[1]] });
    expect(whoHadThisCopy('shared', entries)).toEqual({ kind: 'ledger', entry: entries[3], copies: [entries[2], entries[3]] });
    expect(whoHadThisCopy('Kim for R0 · 2026-11-27', entries)).toEqual({ kind: 'ledger', entry: entries[0], copies: [entries[0]] });
  });

  it('reads a readable text with the template when the ledger lacks it', () => {
    expect(whoHadThisCopy('Kim for Eve Adams · 2026-11-01', entries)).toEqual({ kind: 'template', owner: 'Kim', recipient: 'Eve Adams', date: '2026-11-01' });
    expect(whoHadThisCopy('To Eve from Kim', [], ['To {recipient} from {owner}'])).toEqual({ kind: 'template', owner: 'Kim', recipient: 'Eve', date: '' });
    expect(whoHadThisCopy('To Eve from Kim', [entry(0, { text: 'x', template: 'To {recipient} from {owner}' })], [])).toMatchObject({ kind: 'template', recipient: 'Eve' });
  });

  it('knows nobody for an unknown code or a foreign text', () => {
    expect(whoHadThisCopy(newCode(new Set()), entries)).toEqual({ kind: 'unknown' });
    expect(whoHadThisCopy('© Someone else', entries)).toEqual({ kind: 'unknown' });
  });
});

describe('sends (the copies made in one go)', () => {
  it('groups a batch of several orders into one send, newest send first; entries without a send id stand alone', () => {
    const batch = [entry(0, { orderId: 'ord_a', sendId: 's1' }), entry(2, { orderId: 'ord_b', sendId: 's1' }), entry(4, { orderId: 'ord_a', sendId: 's1' })];
    const older = entry(1, { orderId: 'ord_old', sendId: undefined, createdAt: '2026-01-01T00:00:00.000Z' });
    const sends = sendsOf([older, ...batch]);
    expect(sends.map((s) => [s.sendId, s.orderIds, s.copies.length])).toEqual([
      ['s1', ['ord_a', 'ord_b'], 3],
      ['ord_old', ['ord_old'], 1],
    ]);
  });
});
