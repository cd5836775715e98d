import { zipSync } from 'fflate';
import { baseFileName } from '../../src/api/formats';

/**
 * One ZIP of the results. Images are already compressed, so entries are
 * stored (level 0): building stays cheap and the archive is barely larger.
 * Entry names are base names only (orders stored before names were cleaned at creation may hold folders: a naive
 * unzip would write those outside its folder), unique within the archive: repeats get " (2)", " (3)" before the
 * extension.
 */
export function buildZip(entries: { name: string; bytes: Uint8Array }[]): Uint8Array {
  // No prototype: a name such as `constructor` must not look taken.
  const files: Record<string, Uint8Array> = Object.create(null) as Record<string, Uint8Array>;
  for (const entry of entries) {
    let name = baseFileName(entry.name).replace(/^\.+/, '') || 'file';
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 2; name in files; n++) name = `${stem} (${n})${ext}`;
    files[name] = entry.bytes;
  }
  return zipSync(files, { level: 0 });
}
