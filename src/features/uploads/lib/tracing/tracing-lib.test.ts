import { describe, expect, it } from 'vitest';
import type { Order } from '@/api/schemas/orders';
import { evidenceStore, EVIDENCE_KEEP, factsOf, type CheckedFileFacts } from './evidence-store';
import { imageDimensions } from './image-facts';
import type { LedgerEntry } from './ledger';
import { lookUpOwner, originalHashOf, recipientOf, templatesOf } from './owner-lookup';
import { traceFiles, type TraceDeps, type TraceRow } from './trace-run';

const SHA = (c: string) => c.repeat(64);

function entry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: 'e1',
    recipient: 'Bob',
    kind: 'text',
    text: 'Acme for Bob · 2026-11-27',
    template: '{owner} for {recipient} · {date}',
    image: 'chelsea.png',
    copyName: 'chelsea--Bob.png',
    sourceSha256: SHA('a'),
    orderId: 'ord-embed-1',
    createdAt: '2026-11-27T10:00:00.000Z',
    account: 'user:1',
    ...overrides,
  };
}

describe('imageDimensions', () => {
  it('reads a PNG header', () => {
    const b = new Uint8Array(32);
    b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    b.set([0, 0, 0x01, 0x2c, 0, 0, 0x00, 0xc8], 16);
    expect(imageDimensions(b)).toEqual({ width: 300, height: 200 });
  });
  it('reads a JPEG frame header after an APP segment', () => {
    const b = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0x01, 0xe0, 0x02, 0x80, 3, 0, 0, 0, 0, 0]);
    expect(imageDimensions(b)).toEqual({ width: 640, height: 480 });
  });
  it('reads GIF, BMP (top-down) and WebP (VP8X)', () => {
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 10, 0, 20, 0]);
    expect(imageDimensions(gif)).toEqual({ width: 10, height: 20 });
    const bmp = new Uint8Array(30);
    bmp.set([0x42, 0x4d]);
    new DataView(bmp.buffer).setInt32(18, 64, true);
    new DataView(bmp.buffer).setInt32(22, -32, true);
    expect(imageDimensions(bmp)).toEqual({ width: 64, height: 32 });
    const webp = new Uint8Array(30);
    webp.set([...'RIFF'].map((c) => c.charCodeAt(0)));
    webp.set([...'WEBPVP8X'].map((c) => c.charCodeAt(0)), 8);
    webp.set([99, 0, 0, 49, 0, 0], 24);
    expect(imageDimensions(webp)).toEqual({ width: 100, height: 50 });
  });
  it('says null for a PDF or a cut header', () => {
    expect(imageDimensions(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(imageDimensions(new Uint8Array([0x89, 0x50]))).toBeNull();
    expect(imageDimensions(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4]))).toBeNull();
  });
});

describe('evidence store', () => {
  const facts = (id: string, at: string): CheckedFileFacts => ({ extractOrderId: id, fileName: 'a.jpg', size: 10, type: 'image/jpeg', sha256: SHA('b'), checkedAt: at });

  it('keeps the facts of a checked file under its extract order across a reload', () => {
    localStorage.clear();
    evidenceStore().save(facts('x1', '2026-01-01T00:00:00Z'));
    expect(evidenceStore().load('x1')).toEqual(facts('x1', '2026-01-01T00:00:00Z'));
    expect(evidenceStore().load('x2')).toBeNull();
  });
  it('ignores a stored value that is not a record and drops the oldest past the limit', () => {
    localStorage.clear();
    localStorage.setItem('imprint.evidence.bad', '{"fileName": 5}');
    expect(evidenceStore().load('bad')).toBeNull();
    localStorage.clear();
    const store = evidenceStore();
    for (let i = 0; i < EVIDENCE_KEEP + 2; i++) store.save(facts(`o${i}`, new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()));
    expect(store.load('o0')).toBeNull();
    expect(store.load('o1')).toBeNull();
    expect(store.load(`o${EVIDENCE_KEEP + 1}`)).not.toBeNull();
  });
  it('measures a picked file: size, name, dimensions from its header, the check hash', async () => {
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 3, 0, 2, 0, 0, 0])], 'found.gif', { type: 'image/gif' });
    const measured = await factsOf('x9', gif, SHA('c'), undefined, new Date('2026-11-27T00:00:00Z'));
    expect(measured).toEqual({ extractOrderId: 'x9', fileName: 'found.gif', size: 12, type: 'image/gif', sha256: SHA('c'), width: 3, height: 2, checkedAt: '2026-11-27T00:00:00.000Z' });
  });
});

describe('who had this copy', () => {
  it('finds the ledger entry of the exact text first', () => {
    const owner = lookUpOwner('Acme for Bob · 2026-11-27', [entry(), entry({ id: 'e2', recipient: 'Carol', text: 'Acme for Carol · 2026-11-27' })]);
    expect(owner).toMatchObject({ kind: 'ledger', entry: { recipient: 'Bob', orderId: 'ord-embed-1' } });
    expect(recipientOf(owner)).toBe('Bob');
  });
  it('reads the readable template when the ledger lacks the text, also a template only the ledger knows', () => {
    const owner = lookUpOwner('Acme for Dave · 2026-11-30', [entry()]);
    expect(owner).toEqual({ kind: 'template', owner: 'Acme', recipient: 'Dave', date: '2026-11-30' });
    const custom = entry({ template: 'Copy of {recipient} ({date})', text: 'Copy of Bob (today)' });
    expect(templatesOf([custom])).toEqual(['{owner} for {recipient} · {date}', 'Copy of {recipient} ({date})']);
    expect(recipientOf(lookUpOwner('Copy of Erin (yesterday)', [custom]))).toBe('Erin');
  });
  it('says unknown for a private code that is not in the ledger', () => {
    expect(lookUpOwner('IMP-7F3K-Q2XD', [])).toEqual({ kind: 'unknown' });
    expect(recipientOf({ kind: 'unknown' })).toBeNull();
    expect(recipientOf(lookUpOwner('IMP-7F3K-Q2XD', [entry({ kind: 'code', text: 'IMP-7F3K-Q2XD', template: undefined })]))).toBe('Bob');
  });
  it('lists every copy that carries the text: one recipient, several images, one text', () => {
    const coins = entry({ id: 'e3', image: 'coins.png', copyName: 'coins--Bob.png' });
    const other = entry({ id: 'e4', recipient: 'Carol', text: 'Acme for Carol · 2026-11-27' });
    const copiesOf = (text: string, entries: LedgerEntry[]) => {
      const owner = lookUpOwner(text, entries);
      return owner.kind === 'ledger' ? owner.copies : [];
    };
    expect(copiesOf('Acme for Bob · 2026-11-27', [coins, other, entry()]).map((e) => e.copyName)).toEqual(['chelsea--Bob.png', 'coins--Bob.png']);
    expect(copiesOf('  Acme for Bob · 2026-11-27\n', [entry()]).map((e) => e.id)).toEqual(['e1']);
    expect(copiesOf('IMP-AAAA-BBBB', [entry()])).toEqual([]);
  });
  it("quotes the copy's hash when the ledger has it, else the source image's", () => {
    expect(originalHashOf(entry({ copySha256: SHA('d') }))).toEqual({ sha256: SHA('d'), of: 'copy' });
    expect(originalHashOf(entry())).toEqual({ sha256: SHA('a'), of: 'source' });
  });
});

describe('traceFiles (a folder: one extract order per file)', () => {
  const order = (orderId: string, status: Order['status'], watermarkText?: string): Order =>
    ({ orderId, status, watermarkText, orderName: orderId, type: 'watermarkExtract', channel: 'web', fileCount: 1, createdAt: '', updatedAt: '' }) as Order;

  it('creates, uploads and reads each file, with its own key; a failed upload fails only its row', async () => {
    const created: string[] = [];
    const polls = new Map<string, number>();
    const deps: TraceDeps = {
      createExtract: async (body) => {
        created.push(`${body.file.fileName}:${body.idempotencyKey}`);
        return { orderId: `x-${body.file.fileName}`, file: { uploadUrl: `put://${body.file.fileName}` } };
      },
      put: async (url) => ({ status: url.endsWith('broken.png') ? 500 : 200 }),
      getOrder: async (orderId) => {
        const n = (polls.get(orderId) ?? 0) + 1;
        polls.set(orderId, n);
        if (n < 2) return order(orderId, 'inProgress');
        return orderId === 'x-bob.jpg' ? order(orderId, 'detected', 'Acme for Bob · 2026-11-27') : order(orderId, 'undetected');
      },
      sleep: async () => {},
    };
    const file = (name: string) => ({ file: new File(['x'], name), sha256: SHA('e'), contentType: 'image/png', key: `k-${name}` });
    const seen: string[] = [];
    const rows = await traceFiles([file('bob.jpg'), file('plain.png'), file('broken.png')], deps, {
      signal: new AbortController().signal,
      onRow: () => {},
      onCreated: (index, orderId) => void seen.push(`${index}:${orderId}`),
      concurrency: 2,
    });
    expect(created.sort()).toEqual(['bob.jpg:k-bob.jpg', 'broken.png:k-broken.png', 'plain.png:k-plain.png']);
    expect(seen.sort()).toEqual(['0:x-bob.jpg', '1:x-plain.png', '2:x-broken.png']);
    expect(rows[0]).toEqual<TraceRow>({ state: 'detected', orderId: 'x-bob.jpg', text: 'Acme for Bob · 2026-11-27' });
    expect(rows[1]).toEqual<TraceRow>({ state: 'undetected', orderId: 'x-plain.png' });
    expect(rows[2]).toMatchObject({ state: 'failed', orderId: 'x-broken.png' });
  });
});
