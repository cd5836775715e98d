import type { RasterImage } from '../image-io';
import { fft2d } from './fft';
import { luminanceOf } from './luminance';
import { CODE_BITS, decodePayloadSoft } from './payload-code';
import { DEFAULT_WATERMARK_PARAMS, type WatermarkParams } from './params';
import { chipAt, GRAINS, syncValues, tilePattern, type Grain, type TilePattern } from './pattern';
import { whiten } from './planes';
import { identityLattice, latticeCandidates, latticeOf, MIN_SCALE, type Lattice, type LatticeGuess } from './sync';

export interface ExtractResult {
  payload: number | null;
  /** Mean |z| of the 48 bit decisions: about 0.8 for an unmarked image, far higher for a marked one. */
  confidence: number;
  /** The grain the best decision was read in. */
  grain?: Grain;
}

/** A grain's tile pattern and the spectrum of its sync chips. */
interface GrainReader {
  pattern: TilePattern;
  sync: Spectrum;
}

/** Translation peaks tried per lattice: a weak sync peak may be second to a chance one. */
const SHIFTS_TRIED = 3;

/**
 * Blind extraction. The whitened luminance (of the centre of a large image)
 * is folded onto one tile along the tile lattice: first the untouched
 * lattice (originals, crops, edits that keep the geometry), then the
 * lattices its autocorrelation suggests (rotation, scaling, aspect changes),
 * each unflipped or mirrored as its sync peak says, and, when one does not
 * read, the same at half and a quarter of its scale (its harmonics). Where the tile
 * starts is found by correlating the folded tile with the sync chips, then
 * each code bit is the sum of its chips. Both grains (pattern.ts) are read
 * from every fold, as the embedder picks one per picture. A payload is
 * reported only when the bits are far stronger than chance and the CRC matches.
 *
 * With `original` (same size as `image`) the original's whitened luminance
 * is subtracted first, which removes most of the photo and leaves the mark.
 * `guesses` replaces the autocorrelation's candidates (bench/watermark-geometry.ts
 * gives the true geometry, to tell a lost sync from bits too weak to read).
 */
export function extractWatermark(
  image: RasterImage,
  key: string,
  options: { original?: RasterImage; params?: WatermarkParams; guesses?: LatticeGuess[]; grains?: readonly Grain[] } = {},
): ExtractResult {
  const params = options.params ?? DEFAULT_WATERMARK_PARAMS;
  const { width, height } = image;
  if (width < params.minSide || height < params.minSide) return { payload: null, confidence: 0 };
  const window = centreWindow(width, height, params.window);
  // Copied out of the full plane: the 3×3 whitening below needs it again, and a 12-megapixel luminance is slow to redo.
  const luminance = crop(luminanceOf(image), width, window).slice();
  const residual = whiten(luminance, window.width, window.height);
  const original = options.original;
  const informed = original !== undefined && original.width === width && original.height === height;
  if (informed) subtractScaled(residual, whiten(crop(luminanceOf(original), width, window), window.width, window.height));

  // One fold per lattice serves every grain: the grains share the tile, each has its own sync chips and bits.
  const grains: GrainReader[] = (options.grains ?? GRAINS).map((grain) => {
    const pattern = tilePattern(key, params, grain);
    return { pattern, sync: syncSpectrum(pattern, params) };
  });
  let best: ExtractResult = { payload: null, confidence: 0 };
  const tryLattice = (plane: Float32Array, lattice: Lattice, only = grains): boolean => {
    const tile = fold(plane, window.width, window.height, window.x, window.y, lattice, params.tile);
    for (const { pattern, sync } of only) {
      for (const shift of translations(tile, sync, params.tile)) {
        const result = decodeBits(tile, shift, pattern, key, params);
        if (result.payload !== null) {
          best = result;
          return true;
        }
        if (result.confidence > best.confidence) best = result;
      }
    }
    return false;
  };
  if (tryLattice(residual, identityLattice(params)) || informed) return best;
  // A copy flipped left to right and otherwise untouched (issue 28: reposts mirror pictures), before the search.
  if (tryLattice(residual, latticeOf(params, 1, 0, 1, true))) return best;
  const probe = centreWindow(window.width, window.height, PROBE_SIZE);
  let shrunk: Float32Array | undefined;
  // Chips shrunk under 1.5 pixels are smaller than the 5×5 mean assumes (see whiten).
  const planeFor = (scale: number, grain: GrainReader): Float32Array =>
    scale * grain.pattern.chipSize < SHRUNK_CHIP ? (shrunk ??= whiten(luminance, window.width, window.height, 1)) : residual;
  const probeStrength = (plane: Float32Array, grain: GrainReader) => {
    const probeResidual = crop(plane, window.width, probe);
    return (lattice: Lattice): number =>
      syncStrength(fold(probeResidual, probe.width, probe.height, window.x + probe.x, window.y + probe.y, lattice, params.tile), grain.sync, params.tile);
  };
  // Candidates climbed so far, per grain: a candidate's half or quarter can be another candidate.
  const climbed = new Map<GrainReader, LatticeGuess[]>(grains.map((grain) => [grain, []]));
  const tryGuess = (guess: LatticeGuess, grain: GrainReader, harmonic: boolean): boolean => {
    const aspect = guess.aspect ?? 1;
    const tried = climbed.get(grain) as LatticeGuess[];
    if (tried.some((g) => Math.abs(g.scale / guess.scale - 1) < SAME_SCALE && Math.abs(g.turn - guess.turn) < SAME_TURN && Math.abs((g.aspect ?? 1) / aspect - 1) < SAME_SCALE)) return false;
    const plane = planeFor(guess.scale, grain);
    const strength = probeStrength(plane, grain);
    const mirroredPeak = strength(latticeOf(params, guess.scale, guess.turn, aspect, true));
    const plainPeak = strength(latticeOf(params, guess.scale, guess.turn, aspect));
    // A candidate's half or quarter is climbed only when its grid point's sync peak stands out of chance.
    if (harmonic && Math.max(mirroredPeak, plainPeak) < PLAIN_PEAK) return false;
    tried.push(guess);
    const tryOrientation = (mirrored: boolean): boolean =>
      tryLattice(plane, refineLattice(guess, strength, params, mirrored), [grain]) ||
      tryLattice(plane, latticeOf(params, guess.scale, guess.turn, aspect, mirrored), [grain]);
    if (mirroredPeak <= MIRROR_MARGIN * plainPeak) return tryOrientation(false);
    // A weak unflipped mark can lose the comparison by chance (grass.png at 67 %: 4.78 against 5.08); one whose
    // own peak stands out of chance (PLAIN_PEAK) is climbed too when the mirrored lattice does not read.
    return tryOrientation(true) || (plainPeak >= PLAIN_PEAK && tryOrientation(false));
  };
  for (const guess of options.guesses ?? latticeCandidates(residual, window.width, window.height, params)) {
    // Each grain climbs on its own sync chips: the other grain's are noise to it, and a climb on whichever stands
    // out lost a coarse mark at 0.67× (hubble_deep_field.jpg) to the fine grain's noise. The candidate's grid point
    // is decoded too if the climbed lattice does not read: in a picture of a few tiles the sync peak is weak and
    // bumpy, and the climb can walk off a lattice that reads.
    //
    // The orientation (as it was, or mirrored) is decided once per candidate and grain, on the sync peak at the grid
    // point: the autocorrelation cannot tell a flipped copy, and climbing both would double the search. A mirrored
    // lattice is taken only when its peak is clearly the higher one (MIRROR_MARGIN), so a copy that was not flipped
    // keeps today's search unless its own sync is weaker than chance.
    //
    // The autocorrelation also peaks at every second or fourth lattice point, and can rank such a harmonic above the
    // lattice itself (camera.png squeezed to 90 % width + JPEG q75: aspect candidates at 1.79× and 3.58×, the lattice
    // at 0.9×). So when a candidate does not read, its half and its quarter are tried too, when their sync peak
    // says so (PLAIN_PEAK).
    const found = grains.some(
      (grain) =>
        tryGuess(guess, grain, false) ||
        HARMONIC_DIVISORS.some((d) => guess.scale / d >= MIN_SCALE && tryGuess({ ...guess, scale: guess.scale / d }, grain, true)),
    );
    if (found) break;
  }
  return best;
}

/** Chips found narrower than this many pixels are whitened with a 3×3 local mean instead of 5×5 (fine chips below 0.75×, coarse ones below 0.375×). */
const SHRUNK_CHIP = 1.5;

/** A candidate is read mirrored when its mirrored lattice's sync peak (at the grid point) is this many times the other's. */
const MIRROR_MARGIN = 1.05;
/** Above this, an unflipped grid point's sync peak is unlikely to be chance (the maximum of 4096 chance correlations is about 3.3–4.2). */
const PLAIN_PEAK = 4.5;

/** A candidate's half and quarter are tried when it does not read (the autocorrelation's harmonics). */
const HARMONIC_DIVISORS = [2, 4];
/** Candidates this close (relative scale and aspect, turn in radians) count as one. */
const SAME_SCALE = 0.01;
const SAME_TURN = (0.3 * Math.PI) / 180;

/** The refinement folds only the centre, at most this square: enough tiles to tell, and fast. */
const PROBE_SIZE = 320;

/**
 * The autocorrelation's scale and turn are right to a step of its grid;
 * folding needs them to a fraction of a chip over the whole window. Hill
 * climbing on the strength of the sync peak (scale, turn, then aspect, as a
 * resize to a rounded size stretches one side a little) gets them there.
 */
function refineLattice(guess: LatticeGuess, strength: (lattice: Lattice) => number, params: WatermarkParams, mirrored = false): Lattice {
  let point = [guess.scale, guess.turn, guess.aspect ?? 1];
  let steps = [0.004 * guess.scale, (0.12 * Math.PI) / 180, 0.003];
  let value = strength(latticeOf(params, point[0] ?? 1, point[1] ?? 0, point[2] ?? 1, mirrored));
  for (let round = 0; round < 3; round++) {
    let moved = true;
    for (let tries = 0; moved && tries < 6; tries++) {
      moved = false;
      for (let d = 0; d < 3; d++) {
        for (const sign of [1, -1]) {
          const next = point.slice();
          next[d] = (next[d] ?? 0) + sign * (steps[d] ?? 0);
          const v = strength(latticeOf(params, next[0] ?? 1, next[1] ?? 0, next[2] ?? 1, mirrored));
          if (v > value) {
            value = v;
            point = next;
            moved = true;
          }
        }
      }
    }
    steps = steps.map((s) => s / 2);
  }
  return latticeOf(params, point[0] ?? 1, point[1] ?? 0, point[2] ?? 1, mirrored);
}

/** Height of the best sync correlation over its spread across all shifts. */
function syncStrength(tile: Float32Array, sync: Spectrum, size: number): number {
  const correlation = correlate(tile, sync, size);
  let peak = -Infinity;
  let squares = 0;
  for (const v of correlation) {
    if (v > peak) peak = v;
    squares += v * v;
  }
  return peak / Math.sqrt(squares / correlation.length || 1);
}

export interface Window {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The centre of a picture, at most `limit` pixels on a side. */
export function centreWindow(width: number, height: number, limit: number): Window {
  const w = Math.min(width, limit);
  const h = Math.min(height, limit);
  return { x: Math.floor((width - w) / 2), y: Math.floor((height - h) / 2), width: w, height: h };
}

export function crop(plane: Float32Array, width: number, window: Window): Float32Array {
  if (window.x === 0 && window.y === 0 && window.width === width) return plane.subarray(0, window.width * window.height);
  const out = new Float32Array(window.width * window.height);
  for (let y = 0; y < window.height; y++) {
    const from = (window.y + y) * width + window.x;
    out.set(plane.subarray(from, from + window.width), y * window.width);
  }
  return out;
}

/** residual −= g · reference with the least-squares g (a brightness or contrast edit scales the photo's part). */
function subtractScaled(residual: Float32Array, reference: Float32Array): void {
  let num = 0;
  let den = 0;
  for (let i = 0; i < residual.length; i++) {
    num += (residual[i] as number) * (reference[i] as number);
    den += (reference[i] as number) ** 2;
  }
  const g = den > 0 ? num / den : 0;
  for (let i = 0; i < residual.length; i++) residual[i] = (residual[i] as number) - g * (reference[i] as number);
}

/**
 * Pixels are placed by their centre: a pixel's value is its centre's. (By
 * their corner, a copy at 0.5005×, the autocorrelation's grid point for a
 * halved one, lands one tile pixel off; the climb now finds its way back
 * either way, so this is correctness, not a measured gain.)
 */
const CENTRE = 0.5;

/**
 * Averages every pixel into the tile position the lattice maps it to. Pixel
 * coordinates are taken in the full image so the untouched lattice puts the
 * tile origin back at the image's corner.
 */
function fold(residual: Float32Array, width: number, height: number, x0: number, y0: number, lattice: Lattice, tile: number): Float32Array {
  const [ax, ay] = lattice.a;
  const [bx, by] = lattice.b;
  const det = ax * by - bx * ay;
  // Inverse of [a b] / tile: image displacement → tile coordinates.
  const m00 = (by / det) * tile;
  const m01 = (-bx / det) * tile;
  const m10 = (-ay / det) * tile;
  const m11 = (ax / det) * tile;
  const sums = new Float64Array(tile * tile);
  const counts = new Uint32Array(tile * tile);
  // The hot loop of the whole search. Shifted by a multiple of the tile (far more than any coordinate is negative),
  // truncation is floor and the remainder is never negative: no Math.floor and no branch per pixel.
  const OFFSET = tile * 65536;
  for (let y = 0; y < height; y++) {
    const iy = y + y0 + CENTRE;
    let u = m00 * (x0 + CENTRE) + m01 * iy;
    let v = m10 * (x0 + CENTRE) + m11 * iy;
    for (let x = 0; x < width; x++, u += m00, v += m10) {
      const tu = ((u + OFFSET) | 0) % tile;
      const tv = ((v + OFFSET) | 0) % tile;
      const bin = tv * tile + tu;
      sums[bin] = (sums[bin] as number) + (residual[y * width + x] as number);
      counts[bin] = (counts[bin] as number) + 1;
    }
  }
  const out = new Float32Array(tile * tile);
  let total = 0;
  let filled = 0;
  for (let i = 0; i < out.length; i++) {
    const c = counts[i] as number;
    if (c === 0) continue;
    out[i] = (sums[i] as number) / c;
    total += out[i] as number;
    filled++;
  }
  const mean = filled ? total / filled : 0;
  for (let i = 0; i < out.length; i++) if (counts[i]) out[i] = (out[i] as number) - mean;
  return out;
}

interface Spectrum {
  re: Float64Array;
  im: Float64Array;
}

const syncCache = new WeakMap<TilePattern, Spectrum>();

function syncSpectrum(pattern: TilePattern, params: WatermarkParams): Spectrum {
  const hit = syncCache.get(pattern);
  if (hit) return hit;
  const re = Float64Array.from(syncValues(pattern, params));
  const im = new Float64Array(re.length);
  fft2d(re, im, params.tile, params.tile);
  const spectrum = { re, im };
  syncCache.set(pattern, spectrum);
  return spectrum;
}

/** The strongest shifts t of the circular correlation Σ tile(x + t) · sync(x). */
function translations(tile: Float32Array, sync: Spectrum, size: number): [number, number][] {
  const re = correlate(tile, sync, size);
  const order = Array.from(re.keys()).sort((p, q) => (re[q] as number) - (re[p] as number));
  return order.slice(0, SHIFTS_TRIED).map((i) => [i % size, Math.floor(i / size)]);
}

function correlate(tile: Float32Array, sync: Spectrum, size: number): Float64Array {
  const re = Float64Array.from(tile);
  const im = new Float64Array(re.length);
  fft2d(re, im, size, size);
  for (let i = 0; i < re.length; i++) {
    const ar = re[i] as number;
    const ai = im[i] as number;
    const br = sync.re[i] as number;
    const bi = -(sync.im[i] as number);
    re[i] = ar * br - ai * bi;
    im[i] = ar * bi + ai * br;
  }
  fft2d(re, im, size, size, true);
  return re;
}

/**
 * Each chip's value is the sum of its pixels in the folded tile times its
 * keyed sign; a bit is the sum over its chips. The noise is measured as the
 * spread of the chips around their bit's mean, so z is standard normal per
 * bit when there is no mark whatever the photo.
 */
function decodeBits(tile: Float32Array, shift: [number, number], pattern: TilePattern, key: string, params: WatermarkParams): ExtractResult {
  const size = params.tile;
  const [sx, sy] = shift;
  const chips = pattern.chips;
  const values = new Float64Array(chips * chips);
  for (let y = 0; y < size; y++) {
    const row = ((y + sy) % size) * size;
    for (let x = 0; x < size; x++) {
      const c = chipAt(pattern, params, x, y);
      values[c] = (values[c] as number) + (tile[row + ((x + sx) % size)] as number);
    }
  }
  for (let c = 0; c < values.length; c++) values[c] = (values[c] as number) * (pattern.sign[c] ?? 0);
  const sums = new Float64Array(CODE_BITS);
  const counts = new Float64Array(CODE_BITS);
  for (let c = 0; c < values.length; c++) {
    const bit = pattern.bitOf[c] ?? -1;
    if (bit < 0) continue;
    sums[bit] = (sums[bit] as number) + (values[c] as number);
    counts[bit] = (counts[bit] as number) + 1;
  }
  let squares = 0;
  let used = 0;
  for (let c = 0; c < values.length; c++) {
    const bit = pattern.bitOf[c] ?? -1;
    if (bit < 0) continue;
    const d = (values[c] as number) - (sums[bit] as number) / (counts[bit] as number);
    squares += d * d;
    used++;
  }
  const sigma = Math.sqrt(squares / Math.max(1, used - CODE_BITS));
  if (!(sigma > 0)) return { payload: null, confidence: 0 };
  const bits = new Uint8Array(CODE_BITS);
  const z = new Float64Array(CODE_BITS);
  let zTotal = 0;
  for (let b = 0; b < CODE_BITS; b++) {
    const sum = sums[b] as number;
    bits[b] = sum > 0 ? 1 : 0;
    z[b] = sum / (sigma * Math.sqrt(counts[b] as number));
    zTotal += Math.abs(z[b] as number);
  }
  const confidence = zTotal / CODE_BITS;
  const payload = confidence >= params.threshold ? decodePayloadSoft(bits, z, key) : null;
  return { payload, confidence, grain: pattern.grain };
}
