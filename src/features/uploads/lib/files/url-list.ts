import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { extensionOf } from '@/api/formats';
import { extensionList } from './file-validation';

const URL_MAX = 2048;

export interface ParsedUrl {
  line: number;
  url: string;
  fileName: string;
}

export interface UrlLineError {
  line: number;
  text: string;
  reason: string;
}

/**
 * Called while rendering (the form re-parses as the user types), so the reasons come out in the active language.
 * One URL a line; blank lines are skipped. Each line must be http(s) and name a file of an
 * accepted format (the file name is the URL's last path segment).
 */
export function parseUrlList(text: string, extensions: readonly string[]): { urls: ParsedUrl[]; errors: UrlLineError[] } {
  const urls: ParsedUrl[] = [];
  const errors: UrlLineError[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const text = raw.trim();
    const line = index + 1;
    if (!text) return;
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      errors.push({ line, text, reason: i18n._(msg`is not a URL`) });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      errors.push({ line, text, reason: i18n._(msg`must start with http:// or https://`) });
      return;
    }
    if (text.length > URL_MAX) {
      const max = URL_MAX;
      errors.push({ line, text, reason: i18n._(msg`is longer than ${max} characters`) });
      return;
    }
    const fileName = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    if (!extensions.includes(extensionOf(fileName))) {
      const accepted = extensionList(extensions);
      errors.push({ line, text, reason: i18n._(msg`must end in a file name with ${accepted}`) });
      return;
    }
    if (seen.has(fileName)) {
      errors.push({ line, text, reason: i18n._(msg`names the same file (${fileName}) as an earlier line`) });
      return;
    }
    seen.add(fileName);
    urls.push({ line, url: text, fileName });
  });
  return { urls, errors };
}
