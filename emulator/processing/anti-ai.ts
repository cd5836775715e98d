import type { RasterImage } from './image-io';
import { KeyedRandom } from './watermark/key';
import type { Strength } from './types';

/**
 * The emulator's stand-in for the service's anti-AI protection: a keyed,
 * high-frequency pattern added to every colour channel, bounded to a few
 * levels of 255. It changes pixels measurably and boundedly; it is NOT a
 * protection against AI models and the emulator claims none.
 */
export const ANTI_AI_BOUND: Record<Strength, number> = { low: 2, standard: 4, high: 6 };

export const ANTI_AI_KEY = 'imprint-emulator-anti-ai-key-v1';

/**
 * High-pass keyed noise: a random value minus the mean of its 3×3
 * neighbourhood (so there is no low-frequency, visible tint), scaled so its
 * largest magnitude equals the bound, then rounded. Alpha is left as is.
 */
export function applyAntiAi(image: RasterImage, strength: Strength, key: string = ANTI_AI_KEY): RasterImage {
  const bound = ANTI_AI_BOUND[strength];
  const { width, height, channels, data } = image;
  const colour = channels >= 3 ? 3 : 1;
  const out = new Uint8Array(data);
  const random = new KeyedRandom(key, `anti-ai:${width}x${height}`);
  const noise = new Float32Array(width * height);
  const pattern = new Float32Array(width * height);
  for (let c = 0; c < colour; c++) {
    for (let p = 0; p < noise.length; p++) noise[p] = random.next() * 2 - 1;
    let peak = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let sum = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= height) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            if (xx < 0 || xx >= width) continue;
            sum += noise[yy * width + xx] ?? 0;
            n++;
          }
        }
        const v = (noise[y * width + x] ?? 0) - sum / n;
        pattern[y * width + x] = v;
        peak = Math.max(peak, Math.abs(v));
      }
    }
    const scale = peak > 0 ? bound / peak : 0;
    for (let p = 0, i = c; p < pattern.length; p++, i += channels) {
      const v = Math.round((data[i] ?? 0) + Math.round((pattern[p] ?? 0) * scale));
      out[i] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
  return { ...image, data: out };
}
