import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { extensionOf, MIME_BY_EXTENSION } from '@/api/formats';
import { MAX_FILE_BYTES } from '@/api/limits';
import { formatBytes } from '@/lib/format';

export interface Rejection {
  fileName: string;
  /** Rendered where the list is shown, so it follows a change of language while it stays on screen. */
  reason: MessageDescriptor;
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
 * ".jpg, .png": extensions stay as written. Japanese separates listed file types with 、 (docs/glossary.md § 7);
 * Intl.ListFormat's unit lists use plain spaces in ko and ja, which read as one token in a hint.
 */
export function extensionList(extensions: readonly string[]): string {
  return extensions.map((e) => '.' + e).join(i18n.locale === 'ja' ? '、' : ', ');
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
      const extensions = extensionList(rules.extensions);
      rejected.push({ fileName: file.name, reason: msg`not an accepted format (use ${extensions})` });
    } else if (file.size === 0) {
      rejected.push({ fileName: file.name, reason: msg`the file is empty` });
    } else if (file.size > maxBytes) {
      const limit = formatBytes(maxBytes);
      const size = formatBytes(file.size);
      rejected.push({ fileName: file.name, reason: msg`larger than ${limit} (${size})` });
    } else if (names.has(file.name)) {
      rejected.push({ fileName: file.name, reason: msg`a file with this name is already in the list` });
    } else if (accepted.length >= rules.maxFiles) {
      const max = rules.maxFiles;
      rejected.push({ fileName: file.name, reason: msg`too many files (at most ${max})` });
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
