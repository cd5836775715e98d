import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/testing/memory-storage';
import { localListStore, localRecordStore, olderFormat, type StoreFormat } from './local-store';

interface Note {
  text: string;
  savedAt: number;
  picture?: string;
}

const note = z.looseObject({ text: z.string(), savedAt: z.number(), picture: z.string().optional() });
const FORMAT: StoreFormat<Note> = { key: 'test.notes', version: 1, entry: note };

describe('local store', () => {
  it('writes a collection as plain JSON under its key and reads it back; empty removes the key', () => {
    const storage = memoryStorage();
    const store = localRecordStore(storage, FORMAT);
    expect(store.write({ a: { text: 'x', savedAt: 1 } })).toBe(true);
    expect(storage.data.get('test.notes')).toBe('{"a":{"text":"x","savedAt":1}}');
    expect(store.read()).toEqual({ a: { text: 'x', savedAt: 1 } });
    store.write({});
    expect(storage.data.has('test.notes')).toBe(false);
  });

  it('reads bad JSON, a missing key and the wrong kind of collection as empty', () => {
    const storage = memoryStorage();
    expect(localRecordStore(storage, FORMAT).read()).toEqual({});
    storage.setItem('test.notes', '{not json');
    expect(localRecordStore(storage, FORMAT).read()).toEqual({});
    expect(localListStore(storage, FORMAT).read()).toEqual([]);
    storage.setItem('test.notes', '[{"text":"x","savedAt":1}]');
    expect(localRecordStore(storage, FORMAT).read()).toEqual({});
    storage.setItem('test.notes', '{"a":{"text":"x","savedAt":1}}');
    expect(localListStore(storage, FORMAT).read()).toEqual([]);
  });

  it('drops only the entries that do not fit the schema, and keeps fields it does not know', () => {
    const storage = memoryStorage();
    storage.setItem('test.notes', JSON.stringify({ good: { text: 'x', savedAt: 1, addedLater: true }, bad: { text: 3 }, worse: null }));
    const store = localRecordStore(storage, FORMAT);
    expect(store.read()).toEqual({ good: { text: 'x', savedAt: 1, addedLater: true } });
    // read leaves the storage as it is; readAndTidy writes it back without what it dropped.
    expect(Object.keys(JSON.parse(storage.data.get('test.notes')!) as object)).toHaveLength(3);
    store.readAndTidy();
    expect(JSON.parse(storage.data.get('test.notes')!)).toEqual({ good: { text: 'x', savedAt: 1, addedLater: true } });
  });

  it('migrates entries of an older version and drops those of none it knows', () => {
    const storage = memoryStorage();
    storage.setItem('test.notes', JSON.stringify([{ body: 'old', at: 5 }, { text: 'new', savedAt: 6 }, { body: 7 }, { unknown: 'version' }]));
    const v2: StoreFormat<Note> = {
      ...FORMAT,
      version: 2,
      older: [olderFormat(1, z.object({ body: z.string(), at: z.number() }), (old) => ({ text: old.body, savedAt: old.at }))],
    };
    expect(localListStore(storage, v2).read()).toEqual([
      { text: 'old', savedAt: 5 },
      { text: 'new', savedAt: 6 },
    ]);
    // Without the migration the version-1 entry does not fit: dropped like any other.
    expect(localListStore(storage, FORMAT).read()).toEqual([{ text: 'new', savedAt: 6 }]);
    expect(() => localListStore(storage, { ...FORMAT, older: [olderFormat(1, z.unknown(), () => ({ text: '', savedAt: 0 }))] })).toThrow(RangeError);
  });

  it('drops expired entries', () => {
    const storage = memoryStorage();
    let now = 100;
    const store = localListStore(storage, { ...FORMAT, expired: (n, at) => at - n.savedAt >= 50 }, () => now);
    store.write([
      { text: 'old', savedAt: 10 },
      { text: 'new', savedAt: 90 },
    ]);
    expect(store.read().map((n) => n.text)).toEqual(['new']);
    now = 140;
    expect(store.readAndTidy()).toEqual([]);
    expect(storage.data.has('test.notes')).toBe(false);
  });

  it('never throws on a full storage: tries once with smaller entries, then says it could not', () => {
    const written: string[] = [];
    const storage = {
      ...memoryStorage(),
      setItem: (_k: string, v: string) => {
        if (v.includes('picture')) throw new DOMException('full', 'QuotaExceededError');
        written.push(v);
      },
    };
    const entries = { a: { text: 'x', savedAt: 1, picture: 'data:…' } };
    expect(localRecordStore(storage, FORMAT).write(entries)).toBe(false);
    expect(written).toEqual([]);
    const shrinking = localRecordStore(storage, { ...FORMAT, shrink: ({ picture: _picture, ...rest }) => rest });
    expect(shrinking.write(entries)).toBe(true);
    expect(written).toEqual(['{"a":{"text":"x","savedAt":1}}']);
    const blocked = { ...memoryStorage(), getItem: () => { throw new DOMException('denied', 'SecurityError'); } };
    expect(localRecordStore(blocked, FORMAT).read()).toEqual({});
  });
});
