// @vitest-environment node
// Node's own File and WebCrypto: jsdom's Blob cannot be hashed by Node's crypto.subtle.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { i18n } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { checkNoteMessage, checkProblemMessage } from './check-reasons';
import { checkFile, sniffFormat, structuralProblem, toHex, type FileCheckResult } from './file-check';

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, '../../../../../e2e/fixtures', name)));
const asFile = (bytes: Uint8Array<ArrayBuffer>, name: string) => new File([bytes], name);
const ascii = (s: string) => new Uint8Array(Array.from(s, (c) => c.charCodeAt(0)));
/** The problem as the English UI words it. */
const problemOf = (name: string, bytes: Uint8Array) => {
  const problem = structuralProblem(name, bytes.length, bytes.slice(0, 64), bytes.slice(-65536));
  return problem && i18n._(checkProblemMessage(problem));
};
const words = (result: FileCheckResult) =>
  result.ok ? { ...result, note: result.note && i18n._(checkNoteMessage(result.note)) } : { ...result, reason: i18n._(checkProblemMessage(result.reason)) };
const deps = {
  decode: vi.fn(async () => {}),
  digest: async (bytes: ArrayBuffer) => toHex(await crypto.subtle.digest('SHA-256', bytes)),
};

describe('structural checks', () => {
  it('passes whole JPEG and PNG files', () => {
    expect(problemOf('rocket.jpg', fixture('rocket.jpg'))).toBeNull();
    expect(problemOf('chelsea.png', fixture('chelsea.png'))).toBeNull();
  });

  it('refuses a JPEG without its end-of-image marker', () => {
    expect(problemOf('cut.jpg', fixture('rocket.jpg').slice(0, 5000))).toBe('the JPEG is cut off (its end-of-image marker is missing)');
    expect(problemOf('truncated.jpg', fixture('truncated.jpg'))).toMatch(/JPEG is cut off|not really a JPEG/);
  });

  it('refuses a PNG without its IEND chunk', () => {
    expect(problemOf('cut.png', fixture('chelsea.png').slice(0, 100_000))).toBe('the PNG is cut off (its IEND end chunk is missing)');
  });

  it('refuses bytes that are no image at all, naming the format the extension promised', () => {
    const noise = new Uint8Array(2000).map((_, i) => (i * 37 + 11) % 251);
    expect(problemOf('photo.png', noise)).toBe('could not be read as an image: the file is damaged or not really a PNG');
  });

  it('refuses a JPEG named .png and says what to rename it to', () => {
    expect(sniffFormat(fixture('rocket.jpg'))).toBe('jpeg');
    expect(problemOf('photo.png', fixture('rocket.jpg'))).toBe('this is a JPEG named .png: rename it to .jpg');
  });

  it('checks the sizes WebP and BMP headers announce', () => {
    const webp = new Uint8Array(40);
    webp.set(ascii('RIFF'), 0);
    webp.set(ascii('WEBP'), 8);
    new DataView(webp.buffer).setUint32(4, 32, true);
    expect(problemOf('a.webp', webp)).toBeNull();
    new DataView(webp.buffer).setUint32(4, 4000, true);
    expect(problemOf('a.webp', webp)).toBe('the WebP is cut off (shorter than its header says)');
    const bmp = new Uint8Array(100);
    bmp.set(ascii('BM'), 0);
    new DataView(bmp.buffer).setUint32(2, 5000, true);
    expect(problemOf('a.bmp', bmp)).toBe('the BMP is cut off (shorter than its header says)');
  });

  it('checks a PDF by its %%EOF marker and a TIFF by its signature only', () => {
    expect(problemOf('doc.pdf', ascii('%PDF-1.7\n1 0 obj\n%%EOF\n'))).toBeNull();
    expect(problemOf('doc.pdf', ascii('%PDF-1.7\n1 0 obj\n'))).toBe('the PDF is cut off (its %%EOF end marker is missing)');
    expect(problemOf('scan.tif', new Uint8Array([0x49, 0x49, 0x2a, 0x00, 1, 2, 3]))).toBeNull();
    expect(problemOf('scan.tiff', ascii('not a tiff'))).toMatch(/not really a TIFF/);
  });
});

describe('checkFile', () => {
  it('decodes, then hashes the bytes', async () => {
    const result = await checkFile(asFile(fixture('chelsea.png'), 'chelsea.png'), deps);
    expect(deps.decode).toHaveBeenCalledOnce();
    const expected = toHex(await crypto.subtle.digest('SHA-256', fixture('chelsea.png')));
    expect(result).toEqual({ ok: true, sha256: expected });
  });

  it('refuses a file the browser cannot decode even when its structure looks whole', async () => {
    const failing = { ...deps, decode: async () => Promise.reject(new Error('InvalidStateError')) };
    expect(words(await checkFile(asFile(fixture('rocket.jpg'), 'rocket.jpg'), failing))).toEqual({
      ok: false,
      reason: 'could not be read as an image: the file is damaged or not really a JPEG',
    });
  });

  it('does not try to decode a PDF and says only its structure was checked', async () => {
    const decode = vi.fn(async () => {});
    const result = await checkFile(asFile(ascii('%PDF-1.4\n%%EOF'), 'doc.pdf'), { ...deps, decode });
    expect(decode).not.toHaveBeenCalled();
    expect(words(result)).toMatchObject({ ok: true, note: 'PDF structure checked (the browser cannot display PDF files)' });
  });

  it('gives the same hash to the same bytes under different names', async () => {
    const a = await checkFile(asFile(fixture('rocket.jpg'), 'a.jpg'), deps);
    const b = await checkFile(asFile(fixture('rocket.jpg'), 'sunset.jpg'), deps);
    expect(a.ok && b.ok && a.sha256 === b.sha256).toBe(true);
  });
});
