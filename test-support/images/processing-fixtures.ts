import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { RasterImage } from '../../emulator/processing/image-io';
import { KeyedRandom } from '../../emulator/processing/watermark/key';

/** Corpus of real photographs and textures (copied from the shared test images; licences in their README). */
export const CORPUS_DIR = fileURLToPath(new URL('./corpus/', import.meta.url));

export function corpusFiles(): string[] {
  return readdirSync(CORPUS_DIR)
    .filter((name) => /\.(png|jpe?g)$/i.test(name))
    .sort();
}

export function readCorpus(name: string): Buffer {
  return readFileSync(`${CORPUS_DIR}${name}`);
}

/** Encodes a raster as PNG, JPEG (q90) or WebP (q90). */
export async function encodeRaster(image: RasterImage, format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  const pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  if (format === 'png') return pipeline.png().toBuffer();
  if (format === 'jpeg') return pipeline.jpeg({ quality: 90 }).toBuffer();
  return pipeline.webp({ quality: 90 }).toBuffer();
}

const KINDS = ['uniform-noise', 'gaussian-noise', 'blurred-noise', 'h-gradient', 'v-gradient', 'radial-gradient', 'flat', 'checkerboard', 'stripes', 'blocks'] as const;
export type GeneratedKind = (typeof KINDS)[number];

/**
 * Synthetic images that carry no watermark: noise, gradients, flat colours,
 * patterns; grey and colour; sizes 64–384. Deterministic for a given index.
 */
export function generatedImage(index: number): { kind: GeneratedKind; image: RasterImage } {
  const random = new KeyedRandom('generated-images', String(index));
  const kind = KINDS[index % KINDS.length] ?? 'flat';
  const width = 64 + random.below(5) * 80;
  const height = 64 + random.below(5) * 80;
  const channels = random.below(2) === 0 ? 1 : 3;
  const data = new Uint8Array(width * height * channels);
  const base = Array.from({ length: channels }, () => random.below(256));
  const period = 2 + random.below(30);
  const gauss = () => {
    // Box-Muller.
    const u = Math.max(random.next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < channels; c++) {
        const b = base[c] ?? 128;
        let v: number;
        switch (kind) {
          case 'uniform-noise':
            v = random.below(256);
            break;
          case 'gaussian-noise':
            v = b + gauss() * 30;
            break;
          case 'blurred-noise':
            v = b + 40 * Math.sin(x / period + c) * Math.cos(y / (period + 3)) + gauss() * 5;
            break;
          case 'h-gradient':
            v = (x / width) * 255;
            break;
          case 'v-gradient':
            v = b * (1 - y / height) + (255 - b) * (y / height);
            break;
          case 'radial-gradient':
            v = 255 - Math.hypot(x - width / 2, y - height / 2) * (255 / Math.hypot(width / 2, height / 2));
            break;
          case 'flat':
            v = b;
            break;
          case 'checkerboard':
            v = (Math.floor(x / period) + Math.floor(y / period)) % 2 === 0 ? b : 255 - b;
            break;
          case 'stripes':
            v = Math.floor(x / period) % 2 === 0 ? b : 255 - b;
            break;
          case 'blocks':
            v = (b + Math.floor(x / 8) * 37 + Math.floor(y / 8) * 91) % 256;
            break;
        }
        data[(y * width + x) * channels + c] = Math.max(0, Math.min(255, Math.round(v)));
      }
    }
  }
  return { kind, image: { width, height, channels: channels as 1 | 3, data } };
}
