import type { RasterImage } from '../image-io';
import { addToBlock, basisImages, blockGrid, carrierCoefficients, quantise, slotLayout } from './layout';
import { addLuminance, luminanceOf } from './luminance';
import { encodePayload } from './payload-code';
import { DEFAULT_WATERMARK_PARAMS, type WatermarkParams } from './params';

export interface EmbedResult {
  image: RasterImage;
  /** false when the image is too small to carry the payload; `image` is then the input unchanged. */
  embedded: boolean;
}

/**
 * Quantisation index modulation on low-mid 16×16 DCT coefficients of the
 * luminance: each carrier coefficient is moved to the nearest point of the
 * lattice for its code bit. Clipping and rounding to 8 bits disturb the
 * result, so it is re-measured and corrected a few passes.
 */
export function embedWatermark(
  image: RasterImage,
  payload: number,
  key: string,
  params: WatermarkParams = DEFAULT_WATERMARK_PARAMS,
): EmbedResult {
  const grid = blockGrid(image.width, image.height, params);
  if (grid.blocksX * grid.blocksY < params.minBlocks) return { image, embedded: false };
  const bits = encodePayload(payload, key);
  const bases = basisImages(params);
  const layout = slotLayout(grid.slotCount, key, params.step);
  const k = bases.positions.length;
  const n = grid.size;

  const initial = carrierCoefficients(luminanceOf(image), image.width, grid, bases);
  const target = new Float64Array(grid.slotCount);
  for (let s = 0; s < grid.slotCount; s++) {
    target[s] = quantise(initial[s] ?? 0, layout.dither[s] ?? 0, bits[layout.bitOf[s] ?? 0] ?? 0, params.step);
  }

  let current = image;
  for (let pass = 0; pass < params.passes; pass++) {
    const coefficients = pass === 0 ? initial : carrierCoefficients(luminanceOf(current), image.width, grid, bases);
    const delta = new Float32Array(image.width * image.height);
    const change = new Float64Array(k);
    let changed = false;
    for (let by = 0; by < grid.blocksY; by++) {
      for (let bx = 0; bx < grid.blocksX; bx++) {
        const base = (by * grid.blocksX + bx) * k;
        let any = false;
        for (let p = 0; p < k; p++) {
          const d = (target[base + p] ?? 0) - (coefficients[base + p] ?? 0);
          // Sub-level corrections cannot survive rounding to 8 bits anyway.
          change[p] = Math.abs(d) < 0.5 ? 0 : d;
          if (change[p] !== 0) any = true;
        }
        if (!any) continue;
        changed = true;
        addToBlock(delta, image.width, by * n * image.width + bx * n, bases, change);
      }
    }
    if (!changed) break;
    current = addLuminance(current, delta);
  }
  return { image: current, embedded: true };
}
