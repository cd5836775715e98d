import { zipSync } from 'fflate';

/**
 * One ZIP of the results. Images are already compressed, so entries are
 * stored (level 0): building stays cheap and the archive is barely larger.
 * Repeated names get " (2)", " (3)" before the extension.
 */
export function buildZip(entries: { name: string; bytes: Uint8Array }[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const entry of entries) {
    let name = entry.name;
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 2; name in files; n++) name = `${stem} (${n})${ext}`;
    files[name] = entry.bytes;
  }
  return zipSync(files, { level: 0 });
}
