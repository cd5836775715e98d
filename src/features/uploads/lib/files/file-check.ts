import { extensionOf } from '@/api/formats';

/**
 * Why a file was refused, as data: this module runs in the worker, where no catalog is loaded (and Vite's worker
 * build does not run the Lingui macros), so the words are chosen on the page by ./check-reasons.
 */
export type CheckProblem =
  | { kind: 'unreadable'; format: string }
  | { kind: 'misnamed'; actual: string; extension: string; preferred: string }
  | { kind: 'truncated'; format: Exclude<SniffedFormat, 'tiff'> }
  | { kind: 'readFailed'; detail: string }
  | { kind: 'checkFailed'; detail: string };

/** Said in the file's row: only the structure could be checked, for a format the browser cannot display. */
export type CheckNote = { kind: 'structureOnly'; format: string };

/**
 * What the check of one file found: fit to send (with its content hash and, when the worker could draw
 * one, a small preview for the file's row), or refused with a reason.
 */
export type FileCheckResult = { ok: true; sha256: string; note?: CheckNote; preview?: Blob } | { ok: false; reason: CheckProblem };

export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'bmp' | 'tiff' | 'pdf';

const LABEL: Record<SniffedFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
   
  webp: 'WebP',
  gif: 'GIF',
  bmp: 'BMP',
  tiff: 'TIFF',
  pdf: 'PDF',
};

const FORMAT_BY_EXTENSION: Record<string, SniffedFormat> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  bmp: 'bmp',
  tif: 'tiff',
  tiff: 'tiff',
  pdf: 'pdf',
};

/** Chromium cannot decode these, so only their structure is checked. */
const NOT_DECODABLE: ReadonlySet<SniffedFormat> = new Set(['tiff', 'pdf']);

/** Bytes read from each end of a file: enough for every signature and end marker checked here. */
export const HEAD_BYTES = 64;
/** Trailing metadata after the end marker (camera trailers, padding) is allowed within this window. */
export const TAIL_BYTES = 64 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

function lastIndexOf(bytes: Uint8Array, pattern: readonly number[]): number {
  outer: for (let i = bytes.length - pattern.length; i >= 0; i--) {
    for (let j = 0; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}

const readUint32LE = (b: Uint8Array, at: number) => ((b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) >>> 0) + b[at + 3]! * 2 ** 24;

/** Zero padding after the end marker is common and harmless. */
function lastNonZero(bytes: Uint8Array): number | undefined {
  for (let i = bytes.length - 1; i >= 0; i--) if (bytes[i] !== 0) return bytes[i];
  return undefined;
}

/** The format the first bytes announce, whatever the file is called. */
export function sniffFormat(head: Uint8Array): SniffedFormat | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the bytes of GIF's signature, never shown
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('BM'))) return 'bmp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  return null;
}

export function expectedFormatOf(fileName: string): SniffedFormat | null {
  return FORMAT_BY_EXTENSION[extensionOf(fileName)] ?? null;
}

export function formatLabel(format: SniffedFormat): string {
  return LABEL[format];
}

export function canDecodeInBrowser(format: SniffedFormat): boolean {
  return !NOT_DECODABLE.has(format);
}

/**
 * Cheap checks where a browser decode is lenient or impossible: the signature must match the
 * extension, and the file must end the way its format ends (a truncated JPEG often still decodes,
 * with a grey bottom). `head` is the first bytes, `tail` the last (may overlap for small files).
 * Returns the reason to refuse, or null.
 */
export function structuralProblem(fileName: string, size: number, head: Uint8Array, tail: Uint8Array): CheckProblem | null {
  const expected = expectedFormatOf(fileName);
  if (!expected) return null;
  const actual = sniffFormat(head);
  if (!actual) return { kind: 'unreadable', format: LABEL[expected] };
  if (actual !== expected) {
    // Refused rather than sent: the service and the result files go by the name's extension.
    return { kind: 'misnamed', actual: LABEL[actual], extension: extensionOf(fileName), preferred: preferredExtension(actual) };
  }
  const cutOff = (format: Exclude<SniffedFormat, 'tiff'>, whole: boolean): CheckProblem | null => (whole ? null : { kind: 'truncated', format });
  switch (actual) {
    case 'jpeg':
      return cutOff(actual, lastIndexOf(tail, [0xff, 0xd9]) >= 0);
    case 'png':
      return cutOff(actual, lastIndexOf(tail, ascii('IEND')) >= 0);
    case 'gif':
      return cutOff(actual, lastNonZero(tail) === 0x3b);
    case 'webp':
      return cutOff(actual, !(head.length >= 8 && readUint32LE(head, 4) + 8 > size));
    case 'bmp':
      return cutOff(actual, !(head.length >= 6 && readUint32LE(head, 2) > size));
    case 'pdf':
      return cutOff(actual, lastIndexOf(tail, ascii('%%EOF')) >= 0);
    case 'tiff':
      return null;
  }
}

function preferredExtension(format: SniffedFormat): string {
  return format === 'jpeg' ? 'jpg' : format === 'tiff' ? 'tif' : format;
}

export interface CheckDeps {
  /**
   * Decodes the image fully; rejects when it cannot. May resolve with a small preview drawn from the
   * decoded image, so the page never decodes the full-size file for a thumbnail.
   */
  decode: (blob: Blob) => Promise<Blob | undefined | void>;
  /** SHA-256 of the bytes as lower-case hex. */
  digest: (bytes: ArrayBuffer) => Promise<string>;
}

export function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Structure, then a full decode (when the browser can), then the content hash. Runs in the worker. */
export async function checkFile(file: Blob & { name: string }, deps: CheckDeps): Promise<FileCheckResult> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const tail = new Uint8Array(await file.slice(Math.max(0, file.size - TAIL_BYTES)).arrayBuffer());
  const problem = structuralProblem(file.name, file.size, head, tail);
  if (problem) return { ok: false, reason: problem };
  const format = sniffFormat(head);
  let note: CheckNote | undefined;
  let preview: Blob | undefined;
  if (format && canDecodeInBrowser(format)) {
    try {
      preview = (await deps.decode(file)) ?? undefined;
    } catch {
      return { ok: false, reason: { kind: 'unreadable', format: LABEL[format] } };
    }
  } else if (format) {
    note = { kind: 'structureOnly', format: LABEL[format] };
  }
  const sha256 = await deps.digest(await file.arrayBuffer());
  return { ok: true, sha256, ...(note ? { note } : {}), ...(preview ? { preview } : {}) };
}
