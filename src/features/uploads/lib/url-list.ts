import { extensionOf } from '@/api/formats';

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
      errors.push({ line, text, reason: 'is not a URL' });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      errors.push({ line, text, reason: 'must start with http:// or https://' });
      return;
    }
    if (text.length > 2048) {
      errors.push({ line, text, reason: 'is longer than 2048 characters' });
      return;
    }
    const fileName = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    if (!extensions.includes(extensionOf(fileName))) {
      errors.push({ line, text, reason: `must end in a file name with ${extensions.map((e) => '.' + e).join(', ')}` });
      return;
    }
    if (seen.has(fileName)) {
      errors.push({ line, text, reason: `names the same file (${fileName}) as an earlier line` });
      return;
    }
    seen.add(fileName);
    urls.push({ line, url: text, fileName });
  });
  return { urls, errors };
}
