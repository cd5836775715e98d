import type { RasterImage } from '../image-io';
import { addLuminance, luminanceOf } from './luminance';
import { encodePayload } from './payload-code';
import { DEFAULT_WATERMARK_PARAMS, type WatermarkParams } from './params';
import { tilePattern, tileValues, type Grain } from './pattern';
import { boxMean } from './planes';

export interface EmbedResult {
  image: RasterImage;
  /** false when the image is too small to carry the payload; `image` is then the input unchanged. */
  embedded: boolean;
}

/**
 * Adds the keyed tile (sync chips + the 48 code bits), repeated over the
 * whole luminance from the top-left corner, weighted by local activity:
 * textured areas hide a stronger mark than flat ones. The overall strength is
 * set so the marked raster (rounded and clipped) has the PSNR of `params.psnr`.
 */
export function embedWatermark(
  image: RasterImage,
  payload: number,
  key: string,
  params: WatermarkParams = DEFAULT_WATERMARK_PARAMS,
  grain: Grain = 'fine',
): EmbedResult {
  const { width, height } = image;
  const bits = encodePayload(payload, key);
  if (width < params.minSide || height < params.minSide) return { image, embedded: false };
  const tile = tileValues(tilePattern(key, params, grain), bits, params);
  const luminance = luminanceOf(image);
  const weight = activityWeights(luminance, width, height);

  let energy = 0;
  for (let i = 0; i < weight.length; i++) energy += (weight[i] as number) ** 2;
  const targetMse = (255 * 255) / 10 ** (params.psnr / 10);
  let gain = Math.sqrt((targetMse * weight.length) / energy);

  // Rounding to whole levels adds noise (or drops a small change) and
  // clipping at 0 and 255 removes some of the mark, so the stored image's
  // PSNR is not the mark's, nor even monotone in the gain step by step: the
  // largest gain whose rounded, clipped result stays within the target is
  // searched (bracketing, then halving the bracket), which spends the whole
  // budget without going under it.
  const t = params.tile;
  const pattern = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = (y % t) * t;
    for (let x = 0; x < width; x++) pattern[y * width + x] = (weight[y * width + x] as number) * (tile[row + (x % t)] as number);
  }
  const fits = (g: number): boolean => storedMse(image, pattern, g) <= targetMse;
  let low = 0;
  let high = gain;
  while (fits(high) && high < gain * 8) {
    low = high;
    high *= 1.25;
  }
  if (low === 0) {
    low = gain;
    while (!fits(low) && low > gain / 64) low /= 1.25;
    high = low * 1.25;
  }
  for (let round = 0; round < 5; round++) {
    const mid = (low + high) / 2;
    if (fits(mid)) low = mid;
    else high = mid;
  }
  gain = low;
  const delta = new Float32Array(width * height);
  for (let i = 0; i < delta.length; i++) delta[i] = gain * (pattern[i] as number);
  return { image: addLuminance(image, delta), embedded: true };
}

/** Mean squared change over the colour (or grey) channels, as the PSNR counts it, of adding gain × pattern as addLuminance does (rounded, clipped). */
function storedMse(image: RasterImage, pattern: Float32Array, gain: number): number {
  const { channels, data } = image;
  const colour = channels >= 3 ? 3 : 1;
  let sum = 0;
  for (let p = 0, i = 0; p < pattern.length; p++, i += channels) {
    const d = gain * (pattern[p] as number);
    for (let c = 0; c < colour; c++) {
      const v = data[i + c] as number;
      let w = Math.round(v + d);
      w = w < 0 ? 0 : w > 255 ? 255 : w;
      sum += (w - v) * (w - v);
    }
  }
  return sum / (pattern.length * colour);
}

/** Relative local contrast (7×7 standard deviation), bounded so flat areas still carry some mark and edges do not carry too much. */
function activityWeights(plane: Float32Array, width: number, height: number): Float32Array {
  const mean = boxMean(plane, width, height, 3);
  const meanSquare = boxMean(plane, width, height, 3, true);
  const deviation = new Float32Array(plane.length);
  let total = 0;
  for (let i = 0; i < plane.length; i++) {
    const m = mean[i] as number;
    const d = Math.sqrt(Math.max(0, (meanSquare[i] as number) - m * m));
    deviation[i] = d;
    total += d;
  }
  const typical = total / plane.length + 2;
  for (let i = 0; i < deviation.length; i++) {
    const w = ((deviation[i] as number) + 2) / typical;
    deviation[i] = w < 0.4 ? 0.4 : w > 2.5 ? 2.5 : w;
  }
  return deviation;
}
