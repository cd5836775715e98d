import { extensionOf, MIME_BY_EXTENSION } from '@/api/formats';
import { formatBytes } from '@/lib/format';

/** Largest file accepted before upload (see docs/decisions/uploads.md). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

export interface Rejection {
  fileName: string;
  reason: string;
}

export interface ValidationResult {
  accepted: File[];
  rejected: Rejection[];
}

export interface FileRules {
  extensions: readonly string[];
  maxFiles: number;
  maxBytes?: number;
}

/**
 * Adds `incoming` to `current` under the kind's rules; every file left out gets a plain reason.
 * Checked before anything is sent, so the service never sees a file it would refuse.
 */
export function addFiles(current: readonly File[], incoming: readonly File[], rules: FileRules): ValidationResult {
  const maxBytes = rules.maxBytes ?? MAX_FILE_BYTES;
  const accepted = [...current];
  const names = new Set(current.map((f) => f.name));
  const rejected: Rejection[] = [];
  for (const file of incoming) {
    const ext = extensionOf(file.name);
    if (!rules.extensions.includes(ext)) {
      rejected.push({
        fileName: file.name,
        reason: `not an accepted format (use ${rules.extensions.map((e) => '.' + e).join(', ')})`,
      });
    } else if (file.size === 0) {
      rejected.push({ fileName: file.name, reason: 'the file is empty' });
    } else if (file.size > maxBytes) {
      rejected.push({ fileName: file.name, reason: `larger than ${formatBytes(maxBytes)} (${formatBytes(file.size)})` });
    } else if (names.has(file.name)) {
      rejected.push({ fileName: file.name, reason: 'a file with this name is already in the list' });
    } else if (accepted.length >= rules.maxFiles) {
      rejected.push({ fileName: file.name, reason: `too many files (at most ${rules.maxFiles})` });
    } else {
      accepted.push(file);
      names.add(file.name);
    }
  }
  return { accepted, rejected };
}

/** The content type to PUT with: the browser's, or the one the extension implies when the browser gave none. */
export function contentTypeOf(file: File): string {
  return file.type || MIME_BY_EXTENSION[extensionOf(file.name)] || 'application/octet-stream';
}

/** Pasted images come named "image.png"; give each a unique name so several pastes don't collide. */
export function renamePasted(file: File, index: number, now: Date = new Date()): File {
  if (file.name && file.name !== 'image.png') return file;
  const ext = extensionOf(file.name) || (file.type.split('/')[1] ?? 'png');
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return new File([file], `pasted-${stamp}-${index + 1}.${ext}`, { type: file.type });
}
