/**
 * Tuning of the block-DCT watermark. Measured numbers for these values are in
 * docs/watermark.md (bench: `npm run bench:watermark`).
 */
export interface WatermarkParams {
  /** Side of the square DCT blocks. 16 rather than JPEG's 8: the carriers are then lower frequencies, which survive rescaling of textured images. */
  blockSize: number;
  /** QIM step in orthonormal DCT units; larger is more robust and more visible. */
  step: number;
  /** (row frequency, column frequency) of the 8×8 DCT coefficients that carry bits: low-mid frequencies survive JPEG and rescaling. */
  positions: readonly (readonly [number, number])[];
  /** Fewer full 8×8 blocks than this and the image carries no watermark (64 blocks = a 64 × 64 image). */
  minBlocks: number;
  /** Mean |z| over the 48 code bits a detection needs; an unmarked image scores about 0.8. */
  threshold: number;
  /** Re-measure after rounding/clipping to 8 bits and correct, this many times in total. */
  passes: number;
}

export const DEFAULT_WATERMARK_PARAMS: WatermarkParams = {
  blockSize: 16,
  step: 40,
  positions: [
    [0, 1],
    [1, 0],
    [1, 1],
    [0, 2],
    [2, 0],
    [1, 2],
    [2, 1],
    [2, 2],
  ],
  minBlocks: 32,
  threshold: 2.5,
  passes: 3,
};
