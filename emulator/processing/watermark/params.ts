/**
 * Tuning of the tiled spread-spectrum watermark. Measured numbers for these
 * values are in docs/watermark.md (bench: `npm run bench:watermark`).
 */
export interface WatermarkParams {
  /** Side of the square tile the pattern repeats with, in pixels. Small enough that a cropped or shrunken copy still holds many tiles, large enough for the 48 bits. */
  tile: number;
  /** Side of one ±1 chip in pixels: 2 keeps the pattern readable after halving the image. */
  chip: number;
  /** How many of the tile's chips carry the synchronisation pattern (the rest carry the bits). */
  syncChips: number;
  /** Strength: the mark alone (before rounding and clipping) is scaled to this PSNR in dB. */
  psnr: number;
  /** Mean |z| over the 48 code bits a detection needs (and the CRC must match); unmarked images score about 0.8, at most 1.2 in the bench with every geometry tried. */
  threshold: number;
  /** Images smaller than this (either side) carry no watermark. */
  minSide: number;
  /** Extraction looks at no more than this many pixels per side (the centre of larger images). */
  window: number;
}

export const DEFAULT_WATERMARK_PARAMS: WatermarkParams = {
  tile: 64,
  chip: 2,
  syncChips: 256,
  psnr: 42,
  threshold: 1.6,
  minSide: 64,
  window: 1024,
};
