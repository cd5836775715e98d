import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/testing/memory-storage';
import { createManifestStore, MANIFEST_MAX_AGE_MS, type ManifestEntry } from './upload-manifest';

const entry = (n: number): ManifestEntry => ({ fileName: `img-${n}.png`, fileKey: `key-${n}`, size: 5_000_000, sha256: 'a'.repeat(64) });

describe('upload manifest store', () => {
  it('remembers the files of an order and forgets them when the order has them all', () => {
    const store = memoryStorage();
    const manifests = createManifestStore(store);
    manifests.save('ord_1', [entry(1), entry(2)]);
    manifests.save('ord_2', [entry(3)]);
    expect(manifests.load('ord_1')).toEqual([entry(1), entry(2)]);
    manifests.forget('ord_1');
    expect(manifests.load('ord_1')).toBeNull();
    expect(manifests.load('ord_2')).toEqual([entry(3)]);
    manifests.forget('ord_2');
    expect(store.data.size).toBe(0);
  });

  it('drops manifests older than 7 days', () => {
    const store = memoryStorage();
    let now = 1_000_000;
    const manifests = createManifestStore(store, () => now);
    manifests.save('old', [entry(1)]);
    now += MANIFEST_MAX_AGE_MS - 1;
    expect(manifests.load('old')).not.toBeNull();
    now += 2;
    expect(manifests.load('old')).toBeNull();
    expect(store.data.size).toBe(0);
  });

  it('stays small: a 100-file order takes well under 20 KB, no file bytes', () => {
    const store = memoryStorage();
    createManifestStore(store).save('ord_big', Array.from({ length: 100 }, (_, i) => entry(i)));
    expect(store.data.get('imprint.upload-manifests')!.length).toBeLessThan(20_000);
  });

  it('survives garbage in storage and a full storage', () => {
    const store = memoryStorage();
    store.data.set('imprint.upload-manifests', '{not json');
    const manifests = createManifestStore(store);
    expect(manifests.load('x')).toBeNull();
    const full = { ...memoryStorage(), setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => createManifestStore(full).save('x', [entry(1)])).not.toThrow();
  });
});
