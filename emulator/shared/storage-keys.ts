/**
 * Storage keys are built by the domain (upload keys), the jobs (inputs/, results/) and the demo history alike, so the
 * rule that keeps a file name safe inside one lives here rather than in storage/ or domain/.
 */

/** Keeps file names readable inside storage keys without letting them name other folders. */
export function safeName(fileName: string): string {
  const cleaned = fileName.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '_');
  return cleaned.slice(-100) || 'file';
}
