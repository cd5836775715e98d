import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { Rejection } from './file-validation';
import { addToList, applyCheck, checkingCount, contentDuplicates, emptyList, removeFromList } from './checked-list';

const file = (name: string) => new File(['x'], name, { type: 'image/png' });
const rules = { extensions: ['png'], maxFiles: 10 };
const ok = (sha256: string) => ({ ok: true as const, sha256 });
/** The reasons as the English UI shows them. */
const words = (rejected: Rejection[]) => rejected.map((r) => ({ fileName: r.fileName, reason: i18n._(r.reason) }));

describe('contentDuplicates', () => {
  it('names the first file with the same content for every later one', () => {
    const dups = contentDuplicates([
      { name: 'a.png', sha256: 'h1' },
      { name: 'b.png', sha256: 'h2' },
      { name: 'c.png' },
      { name: 'copy of a.png', sha256: 'h1' },
      { name: 'a again.png', sha256: 'h1' },
    ]);
    expect([...dups]).toEqual([
      ['copy of a.png', 'a.png'],
      ['a again.png', 'a.png'],
    ]);
  });
});

describe('checked list', () => {
  it('keeps files while they are checked and counts them', () => {
    const { list, added } = addToList(emptyList, [file('a.png'), file('b.png')], rules);
    expect(added.map((f) => f.name)).toEqual(['a.png', 'b.png']);
    expect(checkingCount(list)).toBe(2);
    expect(checkingCount(applyCheck(list, list.files[0]!, ok('h1')))).toBe(1);
  });

  it('moves a refused file to the rejections with its reason', () => {
    const { list } = addToList(emptyList, [file('a.png'), file('b.png')], rules);
    const next = applyCheck(list, list.files[1]!, { ok: false, reason: { kind: 'truncated', format: 'png' } });
    expect(next.files.map((f) => f.name)).toEqual(['a.png']);
    expect(words(next.rejected)).toEqual([{ fileName: 'b.png', reason: 'the PNG is cut off (its IEND end chunk is missing)' }]);
  });

  it('refuses the later of two files with equal bytes, whichever check answers first', () => {
    const { list } = addToList(emptyList, [file('a.png'), file('renamed.png')], rules);
    const [a, renamed] = list.files as [File, File];
    // The later file answers first: it waits for the earlier one rather than being kept.
    const half = applyCheck(list, renamed, ok('same'));
    expect(half.files).toHaveLength(2);
    const done = applyCheck(half, a, ok('same'));
    expect(done.files.map((f) => f.name)).toEqual(['a.png']);
    expect(words(done.rejected)).toEqual([{ fileName: 'renamed.png', reason: 'same content as a.png' }]);
  });

  it('catches a duplicate dropped later against a file already accepted', () => {
    let { list } = addToList(emptyList, [file('a.png')], rules);
    list = applyCheck(list, list.files[0]!, ok('h'));
    const second = addToList(list, [file('b.png')], rules);
    const done = applyCheck(second.list, second.added[0]!, ok('h'));
    expect(words(done.rejected)).toEqual([{ fileName: 'b.png', reason: 'same content as a.png' }]);
  });

  it('ignores a late answer for a file the user removed', () => {
    const { list } = addToList(emptyList, [file('a.png')], rules);
    const removed = removeFromList(list, 'a.png');
    expect(applyCheck(removed, list.files[0]!, { ok: false, reason: { kind: 'readFailed', detail: 'x' } })).toBe(removed);
  });
});
