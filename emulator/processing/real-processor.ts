import sharp from 'sharp';
import { applyAntiAi } from './anti-ai';
import {
  DEFAULT_MAX_PIXELS,
  READABLE_FORMATS,
  WRITABLE_FORMATS,
  isWritable,
  psnr,
  readImage,
  sniffContainer,
  writeImage,
  type DecodedImage,
  type RasterImage,
} from './image-io';
import { ProcessingError, type Processor, type ProcessingJob, type ProcessingResult } from './types';
import { embedWatermark } from './watermark/embed';
import { extractWatermark } from './watermark/extract';
import { EMULATOR_WATERMARK_KEY } from './watermark/key';
import { chooseGrain } from './watermark/grain';
import { DEFAULT_WATERMARK_PARAMS, type WatermarkParams } from './watermark/params';
import type { Grain } from './watermark/pattern';

export interface RealProcessorOptions {
  /** Largest accepted image in pixels (default 40 megapixels). */
  maxPixels?: number;
  /** Watermark key (default: the emulator's fixed key). */
  watermarkKey?: string;
  /** Watermark tuning (default: DEFAULT_WATERMARK_PARAMS); for experiments and benchmarks. */
  watermarkParams?: WatermarkParams;
  /** The grain of the bits (default `auto`: chosen per picture, watermark/grain.ts); a fixed grain for benchmarks. */
  watermarkGrain?: Grain | 'auto';
}

/**
 * Real image processing for the emulator: a keyed tiled watermark
 * (docs/watermark.md) and a bounded anti-AI perturbation. Runs in the calling
 * thread; wrap it in a worker pool to keep the HTTP thread free.
 */
export class RealProcessor implements Processor {
  private readonly maxPixels: number;
  private readonly key: string;
  private readonly params: WatermarkParams;
  private readonly grain: Grain | 'auto';

  constructor(options: RealProcessorOptions = {}) {
    this.maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
    this.key = options.watermarkKey ?? EMULATOR_WATERMARK_KEY;
    this.params = options.watermarkParams ?? DEFAULT_WATERMARK_PARAMS;
    this.grain = options.watermarkGrain ?? 'auto';
  }

  async process(job: ProcessingJob): Promise<ProcessingResult> {
    switch (job.kind) {
      case 'antiAi': {
        const decoded = await this.readWritable(job.input);
        return this.write(decoded, applyAntiAi(decoded.image, job.strength));
      }
      case 'watermarkEmbed': {
        const decoded = await this.readWritable(job.input);
        return this.embed(decoded, job.payload);
      }
      case 'watermarkExtract':
        return { kind: 'extract', payload: await this.extract(job.input, job.original) };
    }
  }

  /**
   * PNG stores the marked raster exactly, so its PSNR is the target. JPEG and
   * WebP (quality 95) add their own loss on top, so the stored file is read
   * back and, if it is under the target, the mark is made weaker by the
   * shortfall and written again (a JPEG input already loses about 1 dB to
   * re-encoding alone).
   */
  private async embed(decoded: DecodedImage, payload: number): Promise<ProcessingResult> {
    const target = this.params.psnr;
    const mseOf = (db: number): number => (255 * 255) / 10 ** (db / 10);
    let markMse = mseOf(target);
    // The strongest mark whose stored file meets the target, else the weakest tried.
    let kept: { result: ProcessingResult; psnr: number } | undefined;
    const grain = this.grain === 'auto' ? await chooseGrain(decoded.image, payload, this.key, this.params) : this.grain;
    for (let round = 0; round < 3; round++) {
      const markPsnr = 10 * Math.log10((255 * 255) / markMse);
      const result = await this.write(decoded, embedWatermark(decoded.image, payload, this.key, { ...this.params, psnr: markPsnr }, grain).image);
      if (decoded.format === 'png' || result.kind !== 'image') return result;
      const stored = await readImage(result.output, { maxPixels: this.maxPixels, accept: READABLE_FORMATS });
      if (stored.image.width !== decoded.image.width || stored.image.height !== decoded.image.height || stored.image.channels !== decoded.image.channels) return result;
      const measured = psnr(decoded.image, stored.image);
      const meets = measured >= target;
      if (!kept || (meets && (kept.psnr < target || measured < kept.psnr)) || (!meets && kept.psnr < target && measured > kept.psnr)) kept = { result, psnr: measured };
      if (meets) break;
      // The encoder's loss adds to the mark's about independently: what is left of the budget goes to the mark.
      const encoderMse = Math.max(0, mseOf(measured) - markMse);
      markMse = Math.max(mseOf(target) * 0.25, mseOf(target) - encoderMse - 0.02 * mseOf(target));
    }
    return (kept as { result: ProcessingResult }).result;
  }

  private async readWritable(input: Buffer): Promise<DecodedImage & { format: (typeof WRITABLE_FORMATS)[number] }> {
    const decoded = await readImage(input, { maxPixels: this.maxPixels, accept: WRITABLE_FORMATS });
    const format = decoded.format;
    if (!isWritable(format)) throw new ProcessingError('UNSUPPORTED_FORMAT', `${format} files are not supported here.`);
    return { ...decoded, format };
  }

  private async write(decoded: DecodedImage, image: RasterImage): Promise<ProcessingResult> {
    if (!isWritable(decoded.format)) throw new ProcessingError('UNSUPPORTED_FORMAT', `${decoded.format} files are not supported here.`);
    const { output, contentType } = await writeImage(image, decoded.format, decoded.orientation);
    return { kind: 'image', output, contentType };
  }

  /**
   * PDFs and other non-images are "read without failing": no watermark found.
   * A damaged image, an empty or a too-large file still fails.
   */
  private async extract(input: Buffer, originalInput: Buffer | undefined): Promise<number | null> {
    if (input.length > 0 && !READABLE_FORMATS.includes(sniffContainer(input) ?? '')) return null;
    const suspect = await readImage(input, { maxPixels: this.maxPixels, accept: READABLE_FORMATS });
    const original = originalInput ? await this.readOriginal(originalInput) : null;
    if (original) {
      const aligned = await resizeTo(suspect.image, original);
      const informed = extractWatermark(aligned, this.key, { original, params: this.params });
      if (informed.payload !== null) return informed.payload;
    }
    return extractWatermark(suspect.image, this.key, { params: this.params }).payload;
  }

  /** The original helps when it can be read; an unreadable original is not the suspect file's fault. */
  private async readOriginal(input: Buffer): Promise<RasterImage | null> {
    try {
      return (await readImage(input, { maxPixels: this.maxPixels, accept: READABLE_FORMATS })).image;
    } catch (error) {
      if (error instanceof ProcessingError) return null;
      throw error;
    }
  }
}

/** Brings a rescaled suspect back to the original's size so the 8×8 blocks line up again. */
async function resizeTo(image: RasterImage, reference: RasterImage): Promise<RasterImage> {
  if (image.width === reference.width && image.height === reference.height) return image;
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .resize(reference.width, reference.height, { fit: 'fill' })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: image.channels, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
