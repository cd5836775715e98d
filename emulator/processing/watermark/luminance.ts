import type { RasterImage } from '../image-io';

/**
 * The watermark lives in luminance only (BT.601, the same Y as JPEG), so
 * colour images keep their hue and grey images stay grey. Alpha is never touched.
 */
export function luminanceOf(image: RasterImage): Float32Array {
  const { width, height, channels, data } = image;
  const y = new Float32Array(width * height);
  if (channels >= 3) {
    for (let p = 0, i = 0; p < y.length; p++, i += channels) {
      y[p] = 0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0);
    }
  } else {
    for (let p = 0, i = 0; p < y.length; p++, i += channels) y[p] = data[i] ?? 0;
  }
  return y;
}

/**
 * Adds a luminance change to every colour channel. Adding the same ΔY to R, G
 * and B changes Y by exactly ΔY (the weights sum to 1) and leaves chroma alone.
 */
export function addLuminance(base: RasterImage, delta: Float32Array): RasterImage {
  const { channels, data } = base;
  const out = new Uint8Array(data);
  const colour = channels >= 3 ? 3 : 1;
  for (let p = 0, i = 0; p < delta.length; p++, i += channels) {
    const d = delta[p] ?? 0;
    if (d === 0) continue;
    for (let c = 0; c < colour; c++) {
      const v = Math.round((data[i + c] ?? 0) + d);
      out[i + c] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
  return { ...base, data: out };
}
