import sharp from 'sharp';
import { ProcessingError } from './types';

/**
 * Decode/encode helpers around sharp. Every algorithm works on an 8-bit raw
 * raster; the output keeps the input's format and size (PNG stays PNG, JPEG
 * stays JPEG at quality 95, WebP stays WebP at quality 95).
 */

/** Largest image we decode: 40 megapixels (e.g. 7300 × 5475). Larger inputs fail with IMAGE_TOO_LARGE. */
export const DEFAULT_MAX_PIXELS = 40_000_000;

export const OUTPUT_QUALITY = 95;

/** Formats an output can be written in; anything else can be read (extract) but not produced. */
export type WritableFormat = 'png' | 'jpeg' | 'webp';

export interface RasterImage {
  width: number;
  height: number;
  /** 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA. */
  channels: 1 | 2 | 3 | 4;
  /** Interleaved 8-bit samples, row-major. */
  data: Uint8Array;
}

export interface DecodedImage {
  image: RasterImage;
  /** sharp's name of the container, e.g. 'png', 'jpeg', 'webp', 'gif', 'tiff'. */
  format: string;
  /** EXIF orientation (1–8) so an output is displayed like its input. */
  orientation: number | undefined;
}

export interface ReadOptions {
  maxPixels?: number;
  /** Formats the caller accepts; others fail with UNSUPPORTED_FORMAT. */
  accept: readonly string[];
}

export const CONTENT_TYPES: Record<WritableFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

export const WRITABLE_FORMATS: readonly WritableFormat[] = ['png', 'jpeg', 'webp'];
/** What extract can read: sharp's built-in loaders for the accepted extract formats (BMP has none). */
export const READABLE_FORMATS: readonly string[] = ['png', 'jpeg', 'webp', 'gif', 'tiff'];

/** Container sniffed from the first bytes; null when the bytes are no image container we know. */
export function sniffContainer(input: Uint8Array): string | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => input[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && input[8] === 0x57 && input[9] === 0x45 && input[10] === 0x42 && input[11] === 0x50) {
    return 'webp';
  }
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'tiff';
  if (starts(0x42, 0x4d)) return 'bmp';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'pdf';
  return null;
}

export function isPdf(input: Uint8Array): boolean {
  return sniffContainer(input) === 'pdf';
}

function describe(format: string): string {
  return format === 'jpeg' ? 'JPEG' : format.toUpperCase();
}

/** Decodes to an 8-bit raster (grey stays grey, colour becomes sRGB, alpha is kept). */
export async function readImage(input: Buffer, options: ReadOptions): Promise<DecodedImage> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  if (input.length === 0) throw new ProcessingError('IMAGE_EMPTY', 'The file is empty.');
  const container = sniffContainer(input);
  if (container !== null && !options.accept.includes(container)) {
    throw new ProcessingError('UNSUPPORTED_FORMAT', `${describe(container)} files are not supported here.`);
  }
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ProcessingError('IMAGE_UNREADABLE', 'The file could not be read as an image (it is damaged or not an image).');
  }
  const format = meta.format;
  if (!options.accept.includes(format)) {
    throw new ProcessingError('UNSUPPORTED_FORMAT', `${describe(format)} files are not supported here.`);
  }
  const width = meta.width;
  const height = meta.height;
  if (!width || !height) throw new ProcessingError('IMAGE_EMPTY', 'The image has no pixels.');
  if (width * height > maxPixels) {
    const mp = (maxPixels / 1e6).toFixed(0);
    throw new ProcessingError(
      'IMAGE_TOO_LARGE',
      `The image is ${width} × ${height} pixels; the limit is ${mp} megapixels.`,
    );
  }
  const grey = meta.channels !== undefined && meta.channels <= 2 && (meta.space === 'b-w' || meta.space === 'grey16');
  try {
    // sharp drops the alpha of a grey image converted to b-w, so grey+alpha is
    // read as RGBA and folded back to two channels.
    const greyAlpha = grey && meta.hasAlpha === true;
    const { data, info } = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
      .toColourspace(grey && !greyAlpha ? 'b-w' : 'srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const channels = info.channels;
    if (channels < 1 || channels > 4) throw new Error(`unexpected channel count ${channels}`);
    const raw = new Uint8Array(data.buffer, data.byteOffset, data.length);
    if (greyAlpha && channels === 4) {
      const folded = new Uint8Array((raw.length / 4) * 2);
      for (let p = 0, i = 0; i < raw.length; p += 2, i += 4) {
        folded[p] = raw[i] ?? 0;
        folded[p + 1] = raw[i + 3] ?? 0;
      }
      return { image: { width: info.width, height: info.height, channels: 2, data: folded }, format, orientation: meta.orientation };
    }
    return {
      image: { width: info.width, height: info.height, channels: channels as RasterImage['channels'], data: raw },
      format,
      orientation: meta.orientation,
    };
  } catch {
    throw new ProcessingError('IMAGE_UNREADABLE', `The ${describe(format)} image could not be decoded (the file is damaged or cut short).`);
  }
}

export async function writeImage(
  image: RasterImage,
  format: WritableFormat,
  orientation?: number,
): Promise<{ output: Buffer; contentType: string }> {
  let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  // Without this sharp writes a grey raster as three identical colour channels.
  if (image.channels <= 2) pipeline = pipeline.toColourspace('b-w');
  // Pixels are not rotated on read, so the tag must travel with them to display the same way.
  if (orientation !== undefined && orientation > 1) pipeline = pipeline.withMetadata({ orientation });
  if (format === 'png') pipeline = pipeline.png({ compressionLevel: 6 });
  else if (format === 'jpeg') pipeline = pipeline.jpeg({ quality: OUTPUT_QUALITY, chromaSubsampling: '4:4:4' });
  else pipeline = pipeline.webp({ quality: OUTPUT_QUALITY });
  return { output: await pipeline.toBuffer(), contentType: CONTENT_TYPES[format] };
}

export function isWritable(format: string): format is WritableFormat {
  return (WRITABLE_FORMATS as readonly string[]).includes(format);
}

/** Peak signal-to-noise ratio in dB over all colour samples (alpha ignored); Infinity for identical images. */
export function psnr(a: RasterImage, b: RasterImage): number {
  if (a.width !== b.width || a.height !== b.height || a.channels !== b.channels) {
    throw new Error('psnr: images differ in size or channels');
  }
  const colour = a.channels >= 3 ? 3 : 1;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < a.data.length; i += a.channels) {
    for (let c = 0; c < colour; c++) {
      const d = (a.data[i + c] ?? 0) - (b.data[i + c] ?? 0);
      sum += d * d;
      count++;
    }
  }
  if (sum === 0) return Infinity;
  return 10 * Math.log10((255 * 255) / (sum / count));
}
