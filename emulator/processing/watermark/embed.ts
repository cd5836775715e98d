import type { RasterImage } from '../image-io';
import { addLuminance, luminanceOf } from './luminance';
import { encodePayload } from './payload-code';
import { DEFAULT_WATERMARK_PARAMS, type WatermarkParams } from './params';
import { tilePattern, tileValues } from './pattern';
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
 * set so the mark alone has the PSNR of `params.psnr`.
 */
export function embedWatermark(
  image: RasterImage,
  payload: number,
  key: string,
  params: WatermarkParams = DEFAULT_WATERMARK_PARAMS,
): EmbedResult {
  const { width, height } = image;
  const bits = encodePayload(payload, key);
  if (width < params.minSide || height < params.minSide) return { image, embedded: false };
  const tile = tileValues(tilePattern(key, params), bits, params);
  const luminance = luminanceOf(image);
  const weight = activityWeights(luminance, width, height);

  let energy = 0;
  for (let i = 0; i < weight.length; i++) energy += (weight[i] as number) ** 2;
  const targetMse = (255 * 255) / 10 ** (params.psnr / 10);
  const gain = Math.sqrt((targetMse * weight.length) / energy);

  const delta = new Float32Array(width * height);
  const t = params.tile;
  for (let y = 0; y < height; y++) {
    const row = (y % t) * t;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      delta[i] = gain * (weight[i] as number) * (tile[row + (x % t)] as number);
    }
  }
  return { image: addLuminance(image, delta), embedded: true };
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
