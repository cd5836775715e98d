import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/testing/memory-storage';
import { batchOrderName, defaultBatchName, newBatchRecord, planBatch } from './batch';
import { BATCH_MAX_AGE_MS, createBatchStore } from './batch-store';
import { distinctFolderNames, folderOf, resumeNames, sortDropped, sortDroppedInSlices } from '../files/folder-drop';

function counter() {
  let n = 0;
  return () => `uuid-${++n}`;
}

describe('batch planning', () => {
  it('splits 205 files into orders of 100, 100 and 5, in list order, named n/3', () => {
    const files = Array.from({ length: 205 }, (_, i) => `f${i}`);
    const plan = planBatch(files, 'Portfolio');
    expect(plan.map((o) => o.name)).toEqual(['Portfolio 1/3', 'Portfolio 2/3', 'Portfolio 3/3']);
    expect(plan.map((o) => o.files.length)).toEqual([100, 100, 5]);
    expect(plan[1]!.files[0]).toBe('f100');
    expect(plan.flatMap((o) => o.files)).toEqual(files);
  });

  it('makes ten orders of 1,000 files and one of exactly 100', () => {
    expect(planBatch(Array.from({ length: 1000 }, (_, i) => i), 'x')).toHaveLength(10);
    expect(planBatch(Array.from({ length: 100 }, (_, i) => i), 'x').map((o) => o.name)).toEqual(['x 1/1']);
  });

  it('cuts a long name, never the counter, to the service limit of 64 characters', () => {
    const name = batchOrderName('a'.repeat(80), 9, 10);
    expect(name).toHaveLength(64);
    expect(name.endsWith(' 10/10')).toBe(true);
  });

  it('names a batch after its folder when every file came from one, else after the date', () => {
    const fmt = () => '25 Nov';
    expect(defaultBatchName(['./shoot/a.jpg', './shoot/day 2/b.jpg'], new Date(), fmt)).toBe('shoot');
    expect(defaultBatchName(['./shoot/a.jpg', './other/b.jpg'], new Date(), fmt)).toBe('25 Nov');
    expect(defaultBatchName(['a.jpg'], new Date(), fmt)).toBe('25 Nov');
  });
});

describe('batch idempotency keys', () => {
  it('gives every order its own create and confirm key, all different', () => {
    const record = newBatchRecord('b', planBatch(Array.from({ length: 250 }), 'b'), 0, counter());
    const keys = record.orders.flatMap((o) => [o.keys.create, o.keys.confirm]);
    expect(keys).toHaveLength(6);
    expect(new Set(keys).size).toBe(6);
  });

  it('keeps the keys through storage, so a retry after a reload sends the same ones', () => {
    const store = createBatchStore(memoryStorage(), () => 1000);
    const record = newBatchRecord('b', planBatch(Array.from({ length: 150 }), 'b'), 1000, counter());
    store.save(record);
    store.updateOrder(record.batchId, 0, { orderId: 'ord-1' });
    const again = store.load(record.batchId)!;
    expect(again.orders.map((o) => o.keys)).toEqual(record.orders.map((o) => o.keys));
    expect(again.orders[0]!.orderId).toBe('ord-1');
    expect(again.orders[1]!.orderId).toBeUndefined();
  });
});

describe('batch store', () => {
  it('lists newest first and forgets batches older than the order lifetime', () => {
    let now = 0;
    const store = createBatchStore(memoryStorage(), () => now);
    store.save({ ...newBatchRecord('old', [], 0, counter()), batchId: 'old' });
    now = 10;
    store.save({ ...newBatchRecord('new', [], 10, counter()), batchId: 'new' });
    expect(store.list().map((r) => r.batchId)).toEqual(['new', 'old']);
    now = BATCH_MAX_AGE_MS + 5;
    expect(store.list().map((r) => r.batchId)).toEqual(['new']);
  });

  it('survives a damaged entry in storage', () => {
    const raw = memoryStorage();
    raw.setItem('imprint.upload-batches', '{nope');
    expect(createBatchStore(raw).list()).toEqual([]);
  });
});

describe('folder drop', () => {
  const file = (name: string, size: number, path?: string) => {
    const f = new File([new Uint8Array(size)], name);
    if (path) Object.defineProperty(f, 'relativePath', { value: path });
    return f;
  };

  it('counts non-images and empty files for one summary instead of listing them', () => {
    const sorted = sortDropped(
      [file('a.jpg', 3), file('notes.txt', 3), file('.DS_Store', 3), file('._a.jpg', 3), file('b.png', 0), file('c.webp', 3)],
      ['jpg', 'png', 'webp'],
    );
    expect(sorted.images.map((f) => f.name)).toEqual(['a.jpg', 'c.webp']);
    expect(sorted.skipped).toEqual({ notImage: 3, empty: 1 });
  });

  it('names every skipped file by its place in the folder, with its reason', () => {
    const sorted = sortDropped([file('a.jpg', 3, './shoot/a.jpg'), file('notes.txt', 3, './shoot/raw/notes.txt'), file('b.png', 0, './shoot/b.png')], ['jpg', 'png']);
    expect(sorted.skippedFiles).toEqual([
      { path: 'shoot/raw/notes.txt', reason: 'notImage' },
      { path: 'shoot/b.png', reason: 'empty' },
    ]);
  });

  it('names a folder file after its folder when its name is taken, and keeps its path', async () => {
    const files = [
      file('IMG_1.jpg', 3, './shoot/2024/IMG_1.jpg'),
      file('IMG_1.jpg', 4, './shoot/2025/IMG_1.jpg'),
      file('IMG_2.jpg', 5, './shoot/2025/IMG_2.jpg'),
      file('IMG_2.jpg', 6, './other/2025/IMG_2.jpg'),
      file('loose.jpg', 7),
    ];
    const named = distinctFolderNames(files, ['IMG_2.jpg', 'loose.jpg']);
    expect(named.map((f) => f.name)).toEqual(['IMG_1.jpg', '2025 - IMG_1.jpg', '2025 - IMG_2.jpg', 'other - 2025 - IMG_2.jpg', 'loose.jpg']);
    // Same bytes, same folder context; untouched files are the same objects.
    expect(named[1]!.size).toBe(4);
    expect(await named[3]!.arrayBuffer()).toEqual(await files[3]!.arrayBuffer());
    expect(folderOf(named[3]!)).toBe('other/2025');
    expect(named[0]).toBe(files[0]);
    expect(named[4]).toBe(files[4]);
  });

  it('never refuses a resume file for its name: same names from a second folder are numbered, bytes and folders kept', async () => {
    const first = [file('photo-01.jpg', 3), file('photo-02.jpg', 4)];
    const second = [file('photo-01.jpg', 5), file('photo-01.jpg', 6, './raw/photo-01.jpg')];
    const named = resumeNames(second, first.map((f) => f.name));
    expect(named.map((f) => f.name)).toEqual(['photo-01 (2).jpg', 'raw - photo-01.jpg']);
    expect(named[0]!.size).toBe(5);
    expect(folderOf(named[1]!)).toBe('raw');
    expect(resumeNames([file('a.jpg', 1), file('a.jpg', 2), file('a.jpg', 3)], []).map((f) => f.name)).toEqual(['a.jpg', 'a (2).jpg', 'a (3).jpg']);
  });

  it('keeps the folder a file came from as its context', () => {
    expect(folderOf(file('a.jpg', 1, './shoot/day 1/a.jpg'))).toBe('shoot/day 1');
    expect(folderOf(file('a.jpg', 1, './a.jpg'))).toBeNull();
    expect(folderOf(file('a.jpg', 1))).toBeNull();
  });
});

describe('folder drop in slices', () => {
  it('gives the same result as one pass, yielding to the browser between slices', async () => {
    const files = Array.from({ length: 120 }, (_, i) => new File(i % 10 === 0 ? [] : ['x'], i % 7 === 0 ? `f${i}.txt` : `f${i}.png`));
    let yields = 0;
    const sliced = await sortDroppedInSlices(files, ['png'], { slice: 50, yieldToMain: async () => void yields++ });
    expect(sliced).toEqual(sortDropped(files, ['png']));
    expect(yields).toBe(2);
  });
});
