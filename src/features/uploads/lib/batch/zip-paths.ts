/**
 * Where each result goes in the one ZIP of a batch. The orders' names for files are flat and made unique
 * ("raw - photo-01.jpg"); the ZIP puts each result back where its file sat in the chosen folder, relative to
 * that folder: `raw/photo-01.jpg` beside `photo-01.jpg`, never the flattened name beside the plain one.
 */

/** Per order: the order's file name → where the file sat ("shoot/raw/photo-01.jpg"), for files that came from a folder. */
export type OrderPaths = Readonly<Record<string, string>>;

/** The first folder every path shares, when every file of the batch came from one folder: it is the ZIP itself. */
export function commonTop(paths: Iterable<string | undefined>): string | null {
  let top: string | null = null;
  for (const path of paths) {
    const parts = path?.split('/') ?? [];
    if (parts.length < 2) return null;
    if (top === null) top = parts[0]!;
    else if (parts[0] !== top) return null;
  }
  return top;
}

/** No way out of the archive's folder: no empty, "." or ".." parts, no leading slash, no backslashes. */
export function safeZipPath(path: string): string {
  const parts = path
    .replaceAll('\\', '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.' && p !== '..');
  return parts.join('/') || 'file';
}

/**
 * The path inside the batch ZIP of one result entry of one order. A result named like the order's file goes
 * where that file sat (without the folder every file shares); a result the order does not know by that name
 * (an order made elsewhere, a name the service changed) goes at the top under its own name.
 */
export function zipPathOf(entryName: string, paths: OrderPaths | undefined, top: string | null): string {
  const path = paths && Object.hasOwn(paths, entryName) ? paths[entryName] : undefined;
  if (!path) return safeZipPath(entryName);
  return safeZipPath(top !== null && path.startsWith(`${top}/`) ? path.slice(top.length + 1) : path);
}

/** Repeats (which the rules above do not make, but an order made elsewhere may) get " (2)", " (3)" before the extension. */
export function uniquePaths() {
  const used = new Set<string>();
  return (path: string): string => {
    let name = path;
    const slash = path.lastIndexOf('/');
    const dot = path.lastIndexOf('.');
    const [stem, ext] = dot > slash + 1 ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    used.add(name.toLowerCase());
    return name;
  };
}
