import type { RasterImage } from '../image-io';
import { basisImages, blockGrid, carrierCoefficients, quantise, slotLayout, type SlotLayout } from './layout';
import { luminanceOf } from './luminance';
import { CODE_BITS, decodePayload } from './payload-code';
import { DEFAULT_WATERMARK_PARAMS, type WatermarkParams } from './params';

export interface ExtractResult {
  payload: number | null;
  /** Mean |z| of the 48 bit decisions: about 0.8 for an unmarked image, far higher for a marked one. */
  confidence: number;
}

/**
 * Soft-decodes every slot (+1 = surely bit 1, −1 = surely bit 0), sums the
 * votes per code bit and accepts the result only when the CRC matches and the
 * votes are far stronger than chance. Under no watermark each soft vote is
 * uniform on [−1, 1] (variance 1/3), so z = sum / √(n/3) is standard normal.
 *
 * With `original` (same size as `image`) the decoder knows which two lattice
 * points the embedder chose between, and first undoes a global gain
 * (brightness/contrast change) estimated against the original.
 */
export function extractWatermark(
  image: RasterImage,
  key: string,
  options: { original?: RasterImage; params?: WatermarkParams } = {},
): ExtractResult {
  const params = options.params ?? DEFAULT_WATERMARK_PARAMS;
  const grid = blockGrid(image.width, image.height, params);
  if (grid.blocksX * grid.blocksY < params.minBlocks) return { payload: null, confidence: 0 };
  const bases = basisImages(params);
  const layout = slotLayout(grid.slotCount, key, params.step);
  const original = options.original;
  const reference =
    original && original.width === image.width && original.height === image.height
      ? carrierCoefficients(luminanceOf(original), original.width, grid, bases)
      : null;
  const plane = luminanceOf(image);
  // Resizers disagree about pixel centres: down- and up-scaling can shift the
  // picture by half a pixel, which scrambles the carriers of textured images.
  // Blind extraction therefore also tries half-pixel shifts; the confidence
  // threshold and CRC keep the extra tries from raising false alarms.
  const shifts = reference ? [[0, 0]] : BLIND_SHIFTS;
  let best: ExtractResult = { payload: null, confidence: 0 };
  for (const [dx, dy] of shifts) {
    const shifted = dx === 0 && dy === 0 ? plane : shiftPlane(plane, image.width, image.height, dx ?? 0, dy ?? 0);
    const received = carrierCoefficients(shifted, image.width, grid, bases);
    const result = decode(received, reference, layout, params);
    if (result.payload !== null) return result;
    if (result.confidence > best.confidence) best = result;
  }
  return best;
}

const BLIND_SHIFTS: readonly (readonly [number, number])[] = [
  [0, 0],
  [0.5, 0.5],
  [-0.5, -0.5],
  [0.5, 0],
  [0, 0.5],
];

/** Bilinear resampling of the plane at (x + dx, y + dy), edges clamped. */
function shiftPlane(plane: Float32Array, width: number, height: number, dx: number, dy: number): Float32Array {
  const out = new Float32Array(plane.length);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(height - 1, Math.max(0, y + dy));
    const y0 = Math.min(height - 2, Math.floor(sy));
    const fy = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(width - 1, Math.max(0, x + dx));
      const x0 = Math.min(width - 2, Math.floor(sx));
      const fx = sx - x0;
      const i = y0 * width + x0;
      const top = (plane[i] ?? 0) * (1 - fx) + (plane[i + 1] ?? 0) * fx;
      const bottom = (plane[i + width] ?? 0) * (1 - fx) + (plane[i + width + 1] ?? 0) * fx;
      out[y * width + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}

function decode(received: Float64Array, reference: Float64Array | null, layout: SlotLayout, params: WatermarkParams): ExtractResult {
  const step = params.step;
  const k = params.positions.length;
  const gains = reference ? gainsAgainst(received, reference, k) : new Float64Array(k).fill(1);

  const sums = new Float64Array(CODE_BITS);
  const counts = new Float64Array(CODE_BITS);
  for (let s = 0; s < received.length; s++) {
    const dither = layout.dither[s] ?? 0;
    const c = (received[s] ?? 0) / (gains[s % k] ?? 1);
    let soft: number;
    if (reference) {
      const c0 = reference[s] ?? 0;
      const q0 = quantise(c0, dither, 0, step);
      const q1 = quantise(c0, dither, 1, step);
      const half = (q1 - q0) / 2;
      soft = half === 0 ? 0 : Math.max(-1, Math.min(1, (c - (q0 + q1) / 2) / half));
    } else {
      const f = (((c - dither) / step) % 1 + 1) % 1;
      const dist0 = Math.min(f, 1 - f);
      const dist1 = Math.abs(f - 0.5);
      soft = 2 * (dist0 - dist1);
    }
    const bit = layout.bitOf[s] ?? 0;
    sums[bit] = (sums[bit] ?? 0) + soft;
    counts[bit] = (counts[bit] ?? 0) + 1;
  }

  const bits = new Uint8Array(CODE_BITS);
  let zTotal = 0;
  for (let b = 0; b < CODE_BITS; b++) {
    const sum = sums[b] ?? 0;
    const n = counts[b] ?? 0;
    bits[b] = sum > 0 ? 1 : 0;
    zTotal += n > 0 ? Math.abs(sum) / Math.sqrt(n / 3) : 0;
  }
  const confidence = zTotal / CODE_BITS;
  const payload = confidence >= params.threshold ? decodePayload(bits, layout.key) : null;
  return { payload, confidence };
}

/**
 * Per carrier position least-squares gain g in received ≈ g · original:
 * rescaling and brightness edits scale coefficients, and a scaled
 * coefficient lands on the wrong lattice point.
 */
function gainsAgainst(received: Float64Array, reference: Float64Array, k: number): Float64Array {
  const num = new Float64Array(k);
  const den = new Float64Array(k);
  for (let s = 0; s < received.length; s++) {
    const r = reference[s] ?? 0;
    num[s % k] = (num[s % k] ?? 0) + (received[s] ?? 0) * r;
    den[s % k] = (den[s % k] ?? 0) + r * r;
  }
  return num.map((n, p) => {
    const d = den[p] ?? 0;
    return d === 0 ? 1 : Math.max(0.5, Math.min(2, n / d));
  });
}
