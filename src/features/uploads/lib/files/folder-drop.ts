import { extensionOf, FILE_NAME_MAX } from '@/api/formats';

/** Where a dropped file sat inside the dropped folder ("shoot/day 1/a.jpg"), or null for a file dropped alone. */
export function relativePathOf(file: File): string | null {
  // file-selector (react-dropzone) sets `path`/`relativePath` for folder drops ("./shoot/a.jpg" or "/shoot/a.jpg");
  // a folder chosen through <input webkitdirectory> gives `webkitRelativePath`.
  const withPath = file as File & { relativePath?: unknown; path?: unknown };
  const raw = [withPath.relativePath, withPath.path, file.webkitRelativePath].find((p): p is string => typeof p === 'string' && p.length > 0);
  if (!raw) return null;
  const clean = raw.replace(/^\.?\//, '');
  return clean.includes('/') ? clean : null;
}

/** The folder part of a file's relative path ("shoot/day 1"), shown beside its name as context. */
export function folderOf(file: File): string | null {
  const path = relativePathOf(file);
  return path ? path.slice(0, path.lastIndexOf('/')) : null;
}

export interface SkippedFile {
  /** Where it sat in the dropped folder ("shoot/notes.txt"), so two "notes.txt" can be told apart. */
  path: string;
  reason: 'notImage' | 'empty';
}

export interface SortedDrop {
  /** Files to hand to the list, which then applies the order's own rules and checks. */
  images: File[];
  skipped: { notImage: number; empty: number };
  /** Each skipped file by its path, in drop order: the summary line counts them, the list below it names them. */
  skippedFiles: SkippedFile[];
}

/**
 * A dropped folder brings everything in it (sidecar .xmp files, .DS_Store, PDFs…). Those are not
 * listed one by one like a refused image: they are counted for one summary line. Only a drop with more
 * than one file is sorted like this; a single wrong file still gets its own reason from the list's rules.
 */
export function sortDropped(files: readonly File[], extensions: readonly string[]): SortedDrop {
  const skipped = { notImage: 0, empty: 0 };
  const skippedFiles: SkippedFile[] = [];
  const images: File[] = [];
  for (const file of files) {
    // macOS's "._name.jpg" companions and other dot files carry an image's extension but no image.
    if (file.name.startsWith('.') || !extensions.includes(extensionOf(file.name))) {
      skipped.notImage++;
      skippedFiles.push({ path: relativePathOf(file) ?? file.name, reason: 'notImage' });
    } else if (file.size === 0) {
      skipped.empty++;
      skippedFiles.push({ path: relativePathOf(file) ?? file.name, reason: 'empty' });
    } else images.push(file);
  }
  return { images, skipped, skippedFiles };
}

export function skippedTotal(s: SortedDrop['skipped']): number {
  return s.notImage + s.empty;
}

/**
 * `sortDropped` in slices with a yield to the browser between them. Reading `size` of a file from a
 * chosen folder costs Chromium a synchronous look at the disk the first time: 1,000 files in one go
 * were one main-thread task of 0.8–2 s (bench:batch); in slices of 50 the page keeps answering.
 */
export async function sortDroppedInSlices(
  files: readonly File[],
  extensions: readonly string[],
  { slice = 50, yieldToMain = () => new Promise<void>((r) => setTimeout(r, 0)) }: { slice?: number; yieldToMain?: () => Promise<void> } = {},
): Promise<SortedDrop> {
  const sorted: SortedDrop = { images: [], skipped: { notImage: 0, empty: 0 }, skippedFiles: [] };
  for (let at = 0; at < files.length; at += slice) {
    const part = sortDropped(files.slice(at, at + slice), extensions);
    sorted.images.push(...part.images);
    sorted.skipped.notImage += part.skipped.notImage;
    sorted.skipped.empty += part.skipped.empty;
    sorted.skippedFiles.push(...part.skippedFiles);
    if (at + slice < files.length) await yieldToMain();
  }
  return sorted;
}

const byPath = new Intl.Collator(undefined, { numeric: true });

/**
 * A drop of files and folders: the loose files as they came, and the folder files in path order (numeric, so
 * "IMG_2" before "IMG_10"), sorted into images and skipped files in slices. Null, at once, when nothing came from a
 * folder: the caller adds the files as they are.
 */
export function splitFolderDrop(
  incoming: readonly File[],
  extensions: readonly string[],
): { loose: File[]; sorted: Promise<{ images: File[]; skipped: Omit<SortedDrop, 'images'> | null }> } | null {
  // Each path is read once: the sort compares about 10,000 pairs for a 1,000-file folder.
  const withPaths = incoming.map((file) => ({ file, path: relativePathOf(file) }));
  const fromFolder = withPaths.filter((f): f is { file: File; path: string } => f.path !== null);
  if (fromFolder.length === 0) return null;
  fromFolder.sort((a, b) => byPath.compare(a.path, b.path));
  const sorted = sortDroppedInSlices(
    fromFolder.map((f) => f.file),
    extensions,
  ).then((drop) => ({ images: drop.images, skipped: skippedTotal(drop.skipped) > 0 ? drop : null }));
  return { loose: withPaths.filter((f) => f.path === null).map((f) => f.file), sorted };
}

/** Between the folder part and the file's own name in a name made unique: readable, and legal on every system. */
const NAME_JOINER = ' - ';

/**
 * Cameras name files alike in every folder (`2024/IMG_0001.jpg`, `2025/IMG_0001.jpg`). The list and the
 * orders need distinct names, so a folder file whose name is already taken is named after as much of its
 * folder path as makes it unique ("2025 - IMG_0001.jpg"); the file keeps its path as context. Files
 * dropped loose, and a name that cannot be made unique within the service's length, stay as they are:
 * the list refuses a second "a.jpg" with its reason.
 */
export function distinctFolderNames(files: readonly File[], taken: Iterable<string>): File[] {
  const used = new Set(taken);
  return files.map((file) => {
    const path = relativePathOf(file);
    if (!used.has(file.name) || !path) {
      used.add(file.name);
      return file;
    }
    const folders = path.split('/').slice(0, -1);
    for (let depth = 1; depth <= folders.length; depth++) {
      const name = [...folders.slice(-depth), file.name].join(NAME_JOINER);
      if (name.length > FILE_NAME_MAX) break;
      if (used.has(name)) continue;
      used.add(name);
      return renamed(file, name, path);
    }
    return file;
  });
}

function renamed(file: File, name: string, path: string | null): File {
  // A new File over the same bytes (no copy); `relativePath` is where relativePathOf looks first.
  const copy = new File([file], name, { type: file.type, lastModified: file.lastModified });
  if (path) Object.defineProperty(copy, 'relativePath', { value: path });
  return copy;
}

/**
 * Names for a resume drop, where files are recognised by their content, not their names: folder files are named
 * as when the order was made (`distinctFolderNames`, so the name match for orders made elsewhere still holds), and
 * any name still taken — the same names picked loose from a second folder — becomes "photo-01 (2).jpg" instead of
 * being refused as "a file with this name is already in the list". Only the list's name changes: the file is sent
 * under the order's own name for it.
 */
export function resumeNames(files: readonly File[], taken: Iterable<string>): File[] {
  const takenNames = [...taken];
  const used = new Set(takenNames);
  return distinctFolderNames(files, takenNames).map((file) => {
    if (!used.has(file.name)) {
      used.add(file.name);
      return file;
    }
    const dot = file.name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [file.name.slice(0, dot), file.name.slice(dot)] : [file.name, ''];
    let n = 2;
    while (used.has(`${stem} (${n})${ext}`)) n++;
    const name = `${stem} (${n})${ext}`;
    used.add(name);
    return renamed(file, name, relativePathOf(file));
  });
}
