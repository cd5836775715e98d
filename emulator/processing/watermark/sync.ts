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

/**
 * The lattice of a copy scaled by `scale` (and `aspect` more vertically) and turned by `turn` radians; `mirrored`:
 * flipped left to right as well. A mirror keeps the lattice's points (the autocorrelation cannot tell it) but
 * reverses the tile's x axis, so the step to the right, `a`, points back: a flipped copy turned by θ folds with
 * the lattice turned by −θ and `a` negated.
 */
export function latticeOf(params: WatermarkParams, scale: number, turn: number, aspect = 1, mirrored = false): Lattice {
  const s = scale * params.tile;
  const c = Math.cos(turn);
  const n = Math.sin(turn);
  const m = mirrored ? -1 : 1;
  return { a: [m * s * c, m * s * n], b: [-s * aspect * n, s * aspect * c] };
}

export interface LatticeGuess {
  scale: number;
  turn: number;
  /** How much more the tile was stretched vertically than horizontally (1: not at all). */
  aspect?: number;
}

/** Scales from 0.42× to 3.6× (a 1280 px wide screenshot enlarges a 400 px picture 3.2×) and turns up to 15° are looked for. */
export const MIN_SCALE = 0.42;
const MAX_SCALE = 3.6;
const MAX_TURN = (15 * Math.PI) / 180;
const SCALE_STEP = 1.008;
const TURN_STEP = (0.25 * Math.PI) / 180;
const HARMONICS = 3;
/**
 * Candidates returned, best first. A small picture holds few tiles, so its autocorrelation's peaks are weak and the
 * true lattice can rank below chance ones (text.png, 448×172, shrunk to 67 % and saved as JPEG q75, was missed with 8
 * and is read with 16); trying more costs little there. Large windows keep 8, which holds the 12-megapixel extraction under its time budget.
 */
const CANDIDATES = 8;
const SMALL_CANDIDATES = 16;
const SMALL_AREA = 512 * 512;
const ACF_SIZE = 512;
/**
 * Aspect changes (one side squeezed or stretched, issue 28: reposts reshape pictures) are looked for up to
 * ±12 % (a 10 % change with margin), unturned, in steps of 0.8 %. The square lattice's scores miss them: three
 * tiles out, a 10 % squeeze moves a lattice point by 19 pixels. The best of these candidates get their own slots
 * after the square ones, so they never push out a square candidate (the existing rows' search is unchanged).
 */
const MAX_ASPECT = 1.12;
const ASPECT_STEP = 1.008;
/** Aspects this close to 1 are left to the square candidates: the climb reaches them (it moves the aspect up to ±3 %). */
const MIN_ASPECT_OFFSET = 0.02;
const ASPECT_CANDIDATES = 2;
const SMALL_ASPECT_CANDIDATES = 3;

/**
 * Candidate scales and turns from the autocorrelation of the whitened plane:
 * the mark repeats every tile, so its autocorrelation peaks on the whole
 * tile lattice however the image was turned or scaled, while the photo's
 * decays. Every (scale, turn) on a fine grid is scored by the
 * autocorrelation at its lattice points (up to 3 steps each way, each
 * point compared with its ring's mean and spread), so a lattice is judged
 * on many peaks at once, not on one that a texture could fake. JPEG's
 * 8-pixel grid and repetitive textures still score, so several candidates
 * are returned, best first, and the payload's CRC decides.
 */
export function latticeCandidates(residual: Float32Array, fullWidth: number, fullHeight: number, params: WatermarkParams): LatticeGuess[] {
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

  // Lags up to half the window along each axis still overlap the window by half. Per axis rather than within
  // half the shorter side: a wide, low picture (text.png halved is 224×86) keeps its lattice points along the long side.
  const xLimit = Math.floor(Math.min(width, W) / 2);
  const yLimit = Math.floor(Math.min(height, H) / 2);
  const inside = (x: number, y: number): boolean => Math.abs(x) < xLimit && Math.abs(y) < yLimit;
  const rLimit = Math.ceil(Math.hypot(xLimit, yLimit));
  const ringSum = new Float64Array(rLimit + 2);
  const ringSquares = new Float64Array(rLimit + 2);
  const ringCount = new Float64Array(rLimit + 2);
  for (let y = -rLimit; y <= rLimit; y++) {
    for (let x = -rLimit; x <= rLimit; x++) {
      const r = Math.round(Math.hypot(x, y));
      if (r > rLimit || !inside(x, y)) continue;
      const v = re[((y + H) % H) * W + ((x + W) % W)] as number;
      ringSum[r] = (ringSum[r] as number) + v;
      ringSquares[r] = (ringSquares[r] as number) + v * v;
      ringCount[r] = (ringCount[r] as number) + 1;
    }
  }
  const ringMean = ringSum.map((s, r) => s / Math.max(1, ringCount[r] as number));
  const ringSpread = ringSquares.map((s, r) => Math.sqrt(Math.max(1e-12, s / Math.max(1, ringCount[r] as number) - (ringMean[r] as number) ** 2)));
  const normalised = (x: number, y: number): number => {
    const r = Math.round(Math.hypot(x, y));
    const fx = Math.floor(x);
    const fy = Math.floor(y);
    const tx = x - fx;
    const ty = y - fy;
    const at = (ix: number, iy: number): number => re[((iy + H) % H) * W + ((ix + W) % W)] as number;
    const v = (at(fx, fy) * (1 - tx) + at(fx + 1, fy) * tx) * (1 - ty) + (at(fx, fy + 1) * (1 - tx) + at(fx + 1, fy + 1) * tx) * ty;
    return (v - (ringMean[r] as number)) / (ringSpread[r] as number);
  };

  const scales: number[] = [];
  for (let s = MIN_SCALE; s <= MAX_SCALE; s *= SCALE_STEP) scales.push(s);
  const turns: number[] = [];
  for (let t = -MAX_TURN; t <= MAX_TURN + 1e-9; t += TURN_STEP) turns.push(t);
  const score = new Float64Array(scales.length * turns.length).fill(-Infinity);
  const rMin = 12;
  /** The lattice's score: its points' normalised autocorrelation, summed over √(number of points). */
  const latticeScore = (s: number, t: number, aspect: number): number => {
    const step = s * params.tile;
    if (step >= Math.max(xLimit, yLimit) || step * aspect >= Math.max(xLimit, yLimit)) return -Infinity;
    const c = Math.cos(t) * step;
    const n = Math.sin(t) * step;
    let sum = 0;
    let count = 0;
    for (let k = 0; k <= HARMONICS; k++) {
      for (let l = -HARMONICS; l <= HARMONICS; l++) {
        if (k === 0 && l <= 0) continue;
        const x = k * c - l * n * aspect;
        const y = k * n + l * c * aspect;
        const r = Math.hypot(x, y);
        if (r < rMin || !inside(x, y)) continue;
        sum += normalised(x, y);
        count++;
      }
    }
    return count > 0 ? sum / Math.sqrt(count) : -Infinity;
  };
  scales.forEach((s, si) => {
    turns.forEach((t, ti) => {
      score[si * turns.length + ti] = latticeScore(s, t, 1);
    });
  });
  const small = fullWidth * fullHeight <= SMALL_AREA;
  const square = localMaxima(score, scales.length, turns.length)
    .slice(0, small ? SMALL_CANDIDATES : CANDIDATES)
    .map(({ i, j }) => ({ scale: scales[i] as number, turn: turns[j] as number }));

  // Aspect changes, unturned: scale × aspect.
  const aspects: number[] = [];
  for (let a = 1 / MAX_ASPECT; a <= MAX_ASPECT * 1.0001; a *= ASPECT_STEP) aspects.push(a);
  const aspectScore = new Float64Array(scales.length * aspects.length);
  scales.forEach((s, si) => {
    aspects.forEach((a, ai) => {
      aspectScore[si * aspects.length + ai] = latticeScore(s, 0, a);
    });
  });
  const reshaped = localMaxima(aspectScore, scales.length, aspects.length)
    .filter(({ j }) => Math.abs((aspects[j] as number) - 1) > MIN_ASPECT_OFFSET)
    .slice(0, small ? SMALL_ASPECT_CANDIDATES : ASPECT_CANDIDATES)
    .map(({ i, j }) => ({ scale: scales[i] as number, turn: 0, aspect: aspects[j] as number }));
  return [...square, ...reshaped];
}

/** The local maxima (over a 5×5 neighbourhood) of a rows × columns grid of scores, highest first. */
function localMaxima(score: Float64Array, rows: number, columns: number): { i: number; j: number; value: number }[] {
  const maxima: { i: number; j: number; value: number }[] = [];
  for (let si = 0; si < rows; si++) {
    for (let ti = 0; ti < columns; ti++) {
      const v = score[si * columns + ti] as number;
      if (!Number.isFinite(v)) continue;
      let highest = true;
      for (let ds = -2; ds <= 2 && highest; ds++) {
        for (let dt = -2; dt <= 2; dt++) {
          const sj = si + ds;
          const tj = ti + dt;
          if ((ds || dt) && sj >= 0 && sj < rows && tj >= 0 && tj < columns && (score[sj * columns + tj] as number) > v) {
            highest = false;
            break;
          }
        }
      }
      if (highest) maxima.push({ i: si, j: ti, value: v });
    }
  }
  return maxima.sort((p, q) => q.value - p.value);
}
