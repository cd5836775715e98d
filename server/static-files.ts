import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { getMimeType } from 'hono/utils/mime';

/** Files the build writes beside each asset (vite.config.ts), in the order we prefer them. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export interface StaticFilesOptions {
  /** Absolute folder the files are served from. */
  root: string;
  /** Headers for a file found (e.g. Cache-Control), set before the answer is made. */
  onFound?: (c: Context) => void;
}

export type ByteRange = { kind: 'none' } | { kind: 'unsatisfiable' } | { kind: 'range'; start: number; end: number };

/**
 * One `Range: bytes=…` header against a file of `size` bytes (RFC 9110 §14). A header we do not understand (another
 * unit, bad syntax, a last byte before the first) is ignored, as the RFC asks, and so are several ranges: the whole
 * file is a valid answer to those and no browser or proxy needs multipart/byteranges from a dashboard.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  const match = header ? /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header) : null;
  if (!match) return { kind: 'none' };
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return { kind: 'none' };
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return { kind: 'none' };
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end: Math.min(end, size - 1) };
}

function statFile(file: string): fs.Stats | undefined {
  try {
    const stats = fs.statSync(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** The request path as a file below `root`, or undefined for anything that could leave it or is not plain. */
function fileOf(root: string, requestPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || /(?:^|\/)\.{1,2}(?:\/|$)|\/\//.test(decoded)) return undefined;
  const file = path.join(root, decoded);
  return file.startsWith(root + path.sep) ? file : undefined;
}

const etagOf = (stats: fs.Stats) => `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;

function notModified(c: Context, etag: string, modified: Date): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  }
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

/** If-Range: the range stands only while the file is still the one the client has part of. */
function rangeStillValid(c: Context, etag: string, modified: Date): boolean {
  const ifRange = c.req.header('if-range')?.trim();
  if (!ifRange) return true;
  return ifRange.startsWith('"') ? ifRange === etag : ifRange === modified.toUTCString();
}

/**
 * The built files: the smallest precompressed copy the browser accepts, validators (ETag, Last-Modified, 304), and
 * byte ranges (206, and 416 with `Content-Range: bytes *\/size` when the range starts past the end).
 * @hono/node-server's serveStatic answered that last case with a 500 (RangeError from createReadStream), read
 * `bytes=-500` as the first 500 bytes and put the file's birth time in `Date`.
 */
export function staticFiles(options: StaticFilesOptions): MiddlewareHandler {
  const root = path.resolve(options.root);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // The path as sent, decoded once here (c.req.path is decoded already).
    let file = fileOf(root, new URL(c.req.url).pathname);
    let stats = file ? statFile(file) : undefined;
    if (!file || !stats) return next();

    const type = getMimeType(file) ?? 'application/octet-stream';
    let encoding: string | undefined;
    if (COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) {
      c.header('Vary', 'Accept-Encoding');
      const accepted = parseAccept(c.req.header('accept-encoding') ?? '');
      const quality = (name: string) => accepted.find((a) => a.type.toLowerCase() === name)?.q ?? 0;
      for (const candidate of PRECOMPRESSED) {
        const compressed = quality(candidate.encoding) > 0 ? statFile(file + candidate.suffix) : undefined;
        if (compressed) {
          [file, stats, encoding] = [file + candidate.suffix, compressed, candidate.encoding];
          break;
        }
      }
    }

    const etag = etagOf(stats);
    c.header('ETag', etag);
    c.header('Last-Modified', stats.mtime.toUTCString());
    c.header('Accept-Ranges', 'bytes');
    options.onFound?.(c);
    if (notModified(c, etag, stats.mtime)) return c.body(null, 304);

    c.header('Content-Type', type);
    const size = stats.size;
    const range = c.req.method === 'GET' && rangeStillValid(c, etag, stats.mtime) ? parseByteRange(c.req.header('range'), size) : { kind: 'none' as const };
    if (range.kind === 'unsatisfiable') {
      c.header('Content-Range', `bytes */${size}`);
      return c.body(null, 416);
    }
    if (encoding) c.header('Content-Encoding', encoding);
    if (c.req.method === 'HEAD') {
      c.header('Content-Length', String(size));
      return c.body(null, 200);
    }
    if (range.kind === 'range') {
      c.header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
      c.header('Content-Length', String(range.end - range.start + 1));
      return c.body(Readable.toWeb(fs.createReadStream(file, { start: range.start, end: range.end })) as ReadableStream, 206);
    }
    c.header('Content-Length', String(size));
    return c.body(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, 200);
  };
}
