/**
 * What the evidence report says about the checked file, measured in the browser when the file is picked: its
 * dimensions read from the image header (no decode of the full image), its SHA-256 (the file check's, see
 * ../file-check.ts) and the small preview the check drew.
 */

export interface Dimensions {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
const i32le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24);
const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

/** Width and height as stored in a PNG, JPEG, GIF, WebP or BMP header; null for anything else or a cut header. */
export function imageDimensions(bytes: Uint8Array): Dimensions | null {
  const b = bytes;
  const fits = (n: number) => b.length >= n;
  // PNG: IHDR is the first chunk.
  if (fits(24) && b[0] === 0x89 && ascii(b, 1, 3) === 'PNG' && ascii(b, 12, 4) === 'IHDR') return ok(u32be(b, 16), u32be(b, 20));
  // GIF87a / GIF89a: the logical screen.
  if (fits(10) && ascii(b, 0, 3) === 'GIF') return ok(u16le(b, 6), u16le(b, 8));
  // BMP: BITMAPINFOHEADER; a negative height means top-down rows.
  if (fits(26) && ascii(b, 0, 2) === 'BM') return ok(Math.abs(i32le(b, 18)), Math.abs(i32le(b, 22)));
  if (fits(30) && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') {
    const chunk = ascii(b, 12, 4);
    if (chunk === 'VP8 ') return ok(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
    if (chunk === 'VP8L') {
      const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
      return ok((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    }
    if (chunk === 'VP8X') return ok(u24le(b, 24) + 1, u24le(b, 27) + 1);
    return null;
  }
  if (fits(4) && b[0] === 0xff && b[1] === 0xd8) return jpegDimensions(b);
  return null;
}

function ok(width: number, height: number): Dimensions | null {
  return width > 0 && height > 0 ? { width, height } : null;
}

/** The first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC) holds the frame's height and width. */
function jpegDimensions(b: Uint8Array): Dimensions | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    // Markers without a length.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = u16be(b, at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return ok(u16be(b, at + 7), u16be(b, at + 5));
    if (marker === 0xda || length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/** Enough of a file for any header above: a JPEG's frame header follows its EXIF block, which may hold a large preview. */
export const HEADER_BYTES = 512 * 1024;

export async function dimensionsOf(file: Blob): Promise<Dimensions | null> {
  try {
    return imageDimensions(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
  } catch {
    return null;
  }
}

export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}
