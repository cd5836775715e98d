import { describe, expect, it } from 'vitest';
import { copyNameOf, fileNamePart, ledgerEntriesOf, planCopies } from './copies';
import { recipientPathOf } from './recipient-zip';
import { CODE_PATTERN, DEFAULT_TEMPLATE, parseReadable } from './templates';

const image = (name: string, sha = 'a'.repeat(64)) => ({ file: new File(['x'], name, { type: 'image/png' }), sha256: sha });

describe('copies for recipients', () => {
  it('names each copy <image>--<recipient>.<ext>, with the recipient made safe for a file name', () => {
    expect(copyNameOf('photo.final.jpg', 'Bob')).toBe('photo.final--Bob.jpg');
    expect(copyNameOf('README', 'Bob')).toBe('README--Bob');
    expect(fileNamePart('../Carol / Design: "x"?')).toBe('_Carol _ Design_ _x_');
    expect(fileNamePart('...')).toBe('_');
    expect(copyNameOf(`${'a'.repeat(300)}.png`, 'Bob').length).toBeLessThanOrEqual(255);
  });

  it('makes every image once per recipient, grouped by recipient, with unique names, texts and folders', () => {
    const recipients = [{ name: 'Bob' }, { name: 'Carol: Design' }, { name: 'Carol? Design' }];
    const copies = planCopies([image('a.png'), image('b.jpg')], recipients, { kind: 'text', template: DEFAULT_TEMPLATE, owner: 'Kim', date: '2026-11-27' }, new Set());
    expect(copies.map((c) => c.copyName)).toEqual(['a--Bob.png', 'b--Bob.jpg', 'a--Carol_ Design.png', 'b--Carol_ Design.jpg', 'a--Carol_ Design (2).png', 'b--Carol_ Design (2).jpg']);
    expect(copies.map((c) => c.file.name)).toEqual(copies.map((c) => c.copyName));
    expect(parseReadable(DEFAULT_TEMPLATE, copies[5]!.text)).toEqual({ owner: 'Kim', recipient: 'Carol? Design', date: '2026-11-27' });

    const entries = ledgerEntriesOf(copies, { kind: 'text', template: DEFAULT_TEMPLATE, owner: 'Kim', date: '2026-11-27' }, 'ord_1', 'user:1', new Date(0));
    expect(entries[0]).toEqual({
      id: 'ord_1/a--Bob.png',
      recipient: 'Bob',
      kind: 'text',
      text: 'Kim for Bob · 2026-11-27',
      template: DEFAULT_TEMPLATE,
      image: 'a.png',
      copyName: 'a--Bob.png',
      sourceSha256: 'a'.repeat(64),
      orderId: 'ord_1',
      createdAt: '1970-01-01T00:00:00.000Z',
      account: 'user:1',
    });
    const pathOf = recipientPathOf(entries);
    expect(copies.map((c) => pathOf(c.copyName))).toEqual([
      'Bob/a--Bob.png',
      'Bob/b--Bob.jpg',
      'Carol_ Design/a--Carol_ Design.png',
      'Carol_ Design/b--Carol_ Design.jpg',
      'Carol_ Design (2)/a--Carol_ Design (2).png',
      'Carol_ Design (2)/b--Carol_ Design (2).jpg',
    ]);
    expect(pathOf('other.png')).toBe('other.png');
  });

  it('gives every copy its own private code, none already in the ledger', () => {
    const taken = new Set(['IMP-2222-2222']);
    let n = 0;
    const random = () => (n++ < 8 ? 0 : Math.random());
    const copies = planCopies([image('a.png'), image('b.png')], [{ name: 'A' }, { name: 'B' }], { kind: 'code' }, taken, random);
    const codes = copies.map((c) => c.text);
    expect(new Set(codes).size).toBe(4);
    for (const code of codes) expect(code).toMatch(CODE_PATTERN);
    expect(codes).not.toContain('IMP-2222-2222');
  });
});
