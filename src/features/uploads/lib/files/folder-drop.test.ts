import { describe, expect, it } from 'vitest';
import { splitFolderDrop } from './folder-drop';

const file = (name: string, path?: string, bytes = 3) => {
  const f = new File([new Uint8Array(bytes)], name);
  if (path) Object.defineProperty(f, 'relativePath', { value: path });
  return f;
};

describe('splitFolderDrop', () => {
  it('answers null at once when nothing came from a folder, so loose files are added as they are', () => {
    expect(splitFolderDrop([file('a.jpg'), file('b.png')], ['jpg', 'png'])).toBeNull();
  });

  it('keeps loose files apart and sorts folder files by path, numbers as numbers, skipping what is not an image', async () => {
    const drop = splitFolderDrop(
      [file('IMG_10.jpg', './shoot/IMG_10.jpg'), file('loose.jpg'), file('notes.txt', './shoot/notes.txt'), file('IMG_2.jpg', './shoot/IMG_2.jpg'), file('empty.jpg', './shoot/empty.jpg', 0)],
      ['jpg'],
    )!;
    expect(drop.loose.map((f) => f.name)).toEqual(['loose.jpg']);
    const { images, skipped } = await drop.sorted;
    expect(images.map((f) => f.name)).toEqual(['IMG_2.jpg', 'IMG_10.jpg']);
    expect(skipped?.skipped).toEqual({ notImage: 1, empty: 1 });
    expect(skipped?.skippedFiles.map((s) => s.path)).toEqual(['shoot/empty.jpg', 'shoot/notes.txt']);
  });

  it('reports no skipped files as null, so no summary line is drawn', async () => {
    const drop = splitFolderDrop([file('a.jpg', 'shoot/a.jpg')], ['jpg'])!;
    expect((await drop.sorted).skipped).toBeNull();
  });
});
