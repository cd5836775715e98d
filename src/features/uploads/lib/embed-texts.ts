import { WATERMARK_TEXT_MAX, WATERMARKS_PER_FILE_MAX } from '@/api/formats';
import { formatCount } from '@/lib/plural';

/** One watermark a line; blank lines and surrounding spaces do not count. */
export function splitTexts(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((t) => t.trim())
    .filter(Boolean);
}

export interface EmbedEntry {
  fileName: string;
  watermarks: { text: string }[];
}

export type EmbedEntries = { ok: true; entries: EmbedEntry[] } | { ok: false; errors: Map<string, string> };

/**
 * The texts each file is sent with: its own when it has any, else the texts for every file, read at
 * submit time so the order of the steps (choose files, then type, or the reverse) does not matter.
 * A file left without a usable text gets one plain sentence naming what to do.
 */
export function embedEntries(fileNames: readonly string[], shared: string, own: Readonly<Record<string, string>>): EmbedEntries {
  const sharedTexts = splitTexts(shared);
  const errors = new Map<string, string>();
  const entries = fileNames.map((fileName) => {
    const ownTexts = splitTexts(own[fileName] ?? '');
    const texts = ownTexts.length > 0 ? ownTexts : sharedTexts;
    const error = problemOf(fileName, texts);
    if (error) errors.set(fileName, error);
    return { fileName, watermarks: texts.map((text) => ({ text })) };
  });
  return errors.size > 0 ? { ok: false, errors } : { ok: true, entries };
}

function problemOf(fileName: string, texts: string[]): string | null {
  if (texts.length === 0) return `${fileName} has no watermark text: type at least one text for every file, or one for this file.`;
  if (texts.length > WATERMARKS_PER_FILE_MAX) {
    return `${fileName} has ${formatCount(texts.length, 'text', 'texts')}; a file takes at most ${WATERMARKS_PER_FILE_MAX}.`;
  }
  const long = texts.find((t) => t.length > WATERMARK_TEXT_MAX);
  if (long !== undefined) return `A text for ${fileName} is longer than ${formatCount(WATERMARK_TEXT_MAX, 'character', 'characters')}.`;
  return null;
}
