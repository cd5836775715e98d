import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { WATERMARK_TEXT_MAX, WATERMARKS_PER_FILE_MAX } from '@/api/formats';

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

// Worded when the order is submitted and shown until the next try: in the language active at that moment.
function problemOf(fileName: string, texts: string[]): string | null {
  if (texts.length === 0) return i18n._(msg`${fileName} has no watermark text: type at least one text for every file, or one for this file.`);
  if (texts.length > WATERMARKS_PER_FILE_MAX) {
    const count = texts.length;
    const max = WATERMARKS_PER_FILE_MAX;
    return i18n._(msg`${fileName} has ${plural(count, { one: '# text', other: '# texts' })}; a file takes at most ${max}.`);
  }
  const long = texts.find((t) => t.length > WATERMARK_TEXT_MAX);
  if (long !== undefined) {
    const max = WATERMARK_TEXT_MAX;
    return i18n._(msg`A text for ${fileName} is longer than ${plural(max, { one: '# character', other: '# characters' })}.`);
  }
  return null;
}
