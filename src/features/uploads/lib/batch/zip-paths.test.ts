import { describe, expect, it } from 'vitest';
import { commonTop, safeZipPath, uniquePaths, zipPathOf } from './zip-paths';

describe('batch ZIP paths', () => {
  // One chosen folder "shoot" with raw/photo-01.jpg and photo-01.jpg: the second was named "raw - photo-01.jpg" in its order.
  const paths = { 'photo-01.jpg': 'shoot/photo-01.jpg', 'raw - photo-01.jpg': 'shoot/raw/photo-01.jpg' };

  it('puts each result where its file sat, relative to the chosen folder', () => {
    const top = commonTop(Object.values(paths));
    expect(top).toBe('shoot');
    expect(zipPathOf('photo-01.jpg', paths, top)).toBe('photo-01.jpg');
    expect(zipPathOf('raw - photo-01.jpg', paths, top)).toBe('raw/photo-01.jpg');
  });

  it('keeps the top folders when files came from several folders or loose', () => {
    expect(commonTop(['a/x.jpg', 'b/x.jpg'])).toBeNull();
    expect(commonTop(['a/x.jpg', undefined])).toBeNull();
    expect(zipPathOf('b - x.jpg', { 'b - x.jpg': 'b/x.jpg' }, null)).toBe('b/x.jpg');
  });

  it('puts a result the order does not know by name at the top, under its own name', () => {
    expect(zipPathOf('other.jpg', paths, 'shoot')).toBe('other.jpg');
    expect(zipPathOf('constructor', {}, null)).toBe('constructor');
    expect(zipPathOf('x.jpg', undefined, null)).toBe('x.jpg');
  });

  it('never leaves the archive folder', () => {
    expect(safeZipPath('../../etc/passwd')).toBe('etc/passwd');
    expect(safeZipPath('/abs\\win\\x.jpg')).toBe('abs/win/x.jpg');
    expect(safeZipPath('..')).toBe('file');
  });

  it('numbers repeats before the extension, ignoring case', () => {
    const unique = uniquePaths();
    expect(['a/x.jpg', 'a/X.jpg', 'a/x.jpg', 'a.b/c'].map(unique)).toEqual(['a/x.jpg', 'a/X (2).jpg', 'a/x (3).jpg', 'a.b/c']);
  });
});
