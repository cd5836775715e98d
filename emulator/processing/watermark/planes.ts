/** Mean of the (2r+1)² box around every pixel (edges use the part inside the image), via an integral image. */
export function boxMean(plane: Float32Array, width: number, height: number, r: number, squared = false): Float32Array {
  const w1 = width + 1;
  const integral = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      const v = plane[y * width + x] as number;
      row += squared ? v * v : v;
      integral[(y + 1) * w1 + x + 1] = (integral[y * w1 + x + 1] as number) + row;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const sum =
        (integral[y1 * w1 + x1] as number) - (integral[y0 * w1 + x1] as number) - (integral[y1 * w1 + x0] as number) + (integral[y0 * w1 + x0] as number);
      out[y * width + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/**
 * What the detector looks at: the plane minus its local mean, divided by
 * the local strength of what is left, clipped. The photo is mostly
 * low-frequency and the mark is not; dividing by local activity gives quiet
 * areas (where the mark stands out) as much say as busy ones (where the
 * photo drowns it), which is what a correlation detector needs to be near
 * its best. The local mean is 5×5 (`meanRadius` 2) for the mark at its own
 * size; a copy shrunk to below three quarters has chips of one to one and a
 * half pixels, where a 3×3 mean removes more of the photo and less of the mark.
 */
export function whiten(plane: Float32Array, width: number, height: number, meanRadius = 2): Float32Array {
  const mean = boxMean(plane, width, height, meanRadius);
  const out = new Float32Array(plane.length);
  for (let i = 0; i < plane.length; i++) out[i] = (plane[i] as number) - (mean[i] as number);
  const energy = boxMean(out, width, height, 3, true);
  for (let i = 0; i < out.length; i++) {
    const d = (out[i] as number) / Math.sqrt((energy[i] as number) + NOISE_FLOOR);
    out[i] = d > CLIP ? CLIP : d < -CLIP ? -CLIP : d;
  }
  return out;
}

/** Squared levels of noise assumed everywhere (8-bit rounding and the like), so flat areas are not blown up. */
const NOISE_FLOOR = 1;
const CLIP = 2.5;
