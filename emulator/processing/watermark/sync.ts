import { fft2d, nextPowerOfTwo } from './fft';
import type { WatermarkParams } from './params';

/**
 * Where one tile step lands in the suspect image: `a` is the image
 * displacement of one tile to the right, `b` of one tile down. An untouched
 * or cropped image has a = (tile, 0), b = (0, tile); rotation and scaling
 * turn and stretch both.
 */
export interface Lattice {
  a: readonly [number, number];
  b: readonly [number, number];
}

export function identityLattice(params: WatermarkParams): Lattice {
  return { a: [params.tile, 0], b: [0, params.tile] };
}

/** Scales from about 0.42× to 3× and turns up to 15° are looked for. */
const MIN_SCALE = 0.42;
const MAX_SCALE = 3;
const MAX_TURN = (15 * Math.PI) / 180;
const CANDIDATES = 8;
const ACF_SIZE = 512;

/**
 * Candidate lattices from the autocorrelation of the whitened plane: the
 * mark repeats every tile, so its autocorrelation peaks on the tile lattice
 * however the image was turned or scaled, while the photo's own
 * autocorrelation decays quickly. JPEG's 8-pixel grid and repetitive
 * textures give peaks too, so several candidates are returned, strongest
 * first, and the payload's CRC decides.
 */
export function latticeCandidates(residual: Float32Array, fullWidth: number, fullHeight: number, params: WatermarkParams): Lattice[] {
  // The centre, at most ACF_SIZE square, holds enough tiles and keeps the FFT fast.
  const W = Math.min(ACF_SIZE, nextPowerOfTwo(fullWidth));
  const H = Math.min(ACF_SIZE, nextPowerOfTwo(fullHeight));
  const width = Math.min(W, fullWidth);
  const height = Math.min(H, fullHeight);
  const x0 = Math.floor((fullWidth - width) / 2);
  const y0 = Math.floor((fullHeight - height) / 2);
  const re = new Float64Array(W * H);
  const im = new Float64Array(W * H);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) re[y * W + x] = residual[(y + y0) * fullWidth + x + x0] as number;
  }
  fft2d(re, im, W, H);
  for (let i = 0; i < re.length; i++) {
    // Magnitude rather than power: the mark's spectrum is a set of lines and
    // the photo's is broad, so flattening the spectrum sharpens the mark's peaks.
    re[i] = Math.hypot(re[i] as number, im[i] as number);
    im[i] = 0;
  }
  fft2d(re, im, W, H, true);
  const zero = (re[0] as number) || 1;
  const acf = (dx: number, dy: number): number => {
    const x = Math.round(dx);
    const y = Math.round(dy);
    if (Math.abs(x) >= W / 2 || Math.abs(y) >= H / 2) return 0;
    return (re[((y + H) % H) * W + ((x + W) % W)] as number) / zero;
  };

  const rMin = MIN_SCALE * params.tile;
  const rMax = Math.min(MAX_SCALE * params.tile, width / 2, height / 2);
  const sector: { x: number; y: number; v: number }[] = [];
  let sum = 0;
  let sumSquares = 0;
  for (let y = -Math.ceil(rMax); y <= Math.ceil(rMax); y++) {
    for (let x = Math.floor(rMin * Math.cos(MAX_TURN)); x <= Math.ceil(rMax); x++) {
      const r = Math.hypot(x, y);
      if (r < rMin || r > rMax || Math.abs(Math.atan2(y, x)) > MAX_TURN) continue;
      const v = acf(x, y);
      sum += v;
      sumSquares += v * v;
      sector.push({ x, y, v });
    }
  }
  if (sector.length === 0) return [];
  const mean = sum / sector.length;
  const spread = Math.sqrt(Math.max(0, sumSquares / sector.length - mean * mean));
  const peaks = sector
    .filter((p) => p.v > mean + spread && isLocalMaximum(acf, p.x, p.y))
    .sort((p, q) => q.v - p.v)
    .slice(0, CANDIDATES);

  const lattices: Lattice[] = [];
  for (const peak of peaks) {
    // The second tile step is the first turned by 90° unless its own peak says
    // otherwise (a resize that changed the aspect ratio a little).
    const a = refine(acf, [peak.x, peak.y], width);
    const turned: [number, number] = [-a[1], a[0]];
    const b = refine(acf, turned, height);
    const agrees = Math.hypot(b[0] - turned[0], b[1] - turned[1]) < 0.03 * Math.hypot(a[0], a[1]);
    lattices.push({ a, b: agrees ? b : turned });
  }
  return lattices;
}

function isLocalMaximum(acf: (x: number, y: number) => number, x: number, y: number): boolean {
  const v = acf(x, y);
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if ((dx || dy) && acf(x + dx, y + dy) > v) return false;
  return true;
}

function nearestPeak(acf: (x: number, y: number) => number, x: number, y: number, radius: number): [number, number] {
  let best: [number, number] = [x, y];
  let bestValue = -Infinity;
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const v = acf(x + dx, y + dy);
      if (v > bestValue) {
        bestValue = v;
        best = [x + dx, y + dy];
      }
    }
  }
  return best;
}

/**
 * Sub-pixel tile step: the peak at k steps is located to the same fraction
 * of a pixel as the first, so dividing by k makes the step k times more
 * precise (k as large as the window still overlaps itself by half).
 */
function refine(acf: (x: number, y: number) => number, step: readonly [number, number], extent: number): [number, number] {
  const length = Math.hypot(step[0], step[1]);
  const k = Math.max(1, Math.min(4, Math.floor((0.5 * extent) / length)));
  const [px, py] = nearestPeak(acf, step[0] * k, step[1] * k, 2);
  const v = acf(px, py);
  const ox = parabolicOffset(acf(px - 1, py), v, acf(px + 1, py));
  const oy = parabolicOffset(acf(px, py - 1), v, acf(px, py + 1));
  return [(px + ox) / k, (py + oy) / k];
}

function parabolicOffset(left: number, centre: number, right: number): number {
  const curvature = left - 2 * centre + right;
  if (curvature >= 0) return 0;
  return Math.max(-0.5, Math.min(0.5, (0.5 * (left - right)) / curvature));
}
