/**
 * Tuning of the tiled spread-spectrum watermark. Measured numbers for these
 * values are in docs/watermark.md (bench: `npm run bench:watermark`).
 */
export interface WatermarkParams {
  /** Side of the square tile the pattern repeats with, in pixels. Small enough that a cropped or shrunken copy still holds many tiles, large enough for the 48 bits. */
  tile: number;
  /** Side of one ±1 chip of the fine grain in pixels; the coarse grain's chips are twice as wide (pattern.ts). 2 keeps fine chips readable after halving; 3 and 4 were measured worse as the only grain (docs/decisions/processing.md). */
  chip: number;
  /** Strength: the marked image as stored (rounded, clipped, and for JPEG and WebP re-encoded) has at least this PSNR in dB against the input; issue 17's floor is 40, 0.3 dB is the margin. */
  psnr: number;
  /** Mean |z| over the 48 code bits a detection needs (and the CRC must match); unmarked images score about 0.8 (spread 0.09), at most about 1.2 in the bench with every geometry tried; 1.4 is about 7 spreads above their mean (false-alarm analysis in docs/watermark.md). */
  threshold: number;
  /** Images smaller than this (either side) carry no watermark. */
  minSide: number;
  /** Extraction looks at no more than this many pixels per side (the centre of larger images). */
  window: number;
}

export const DEFAULT_WATERMARK_PARAMS: WatermarkParams = {
  tile: 64,
  chip: 2,
  psnr: 40.3,
  threshold: 1.4,
  minSide: 64,
  window: 1024,
};
