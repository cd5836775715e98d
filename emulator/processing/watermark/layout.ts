import { KeyedRandom } from './key';
import { CODE_BITS } from './payload-code';
import type { WatermarkParams } from './params';

/**
 * Where each code bit goes. A slot is one DCT coefficient (block, position);
 * slot s carries code bit `bitOf[s]` (a keyed shuffle spreads the 48 bits
 * evenly over the whole image) and uses the keyed dither `dither[s]` so the
 * quantisation lattice cannot be guessed without the key.
 */
export interface SlotLayout {
  key: string;
  bitOf: Uint8Array;
  dither: Float32Array;
}

const cache = new Map<string, SlotLayout>();
const CACHE_MAX = 8;

export function slotLayout(slotCount: number, key: string, step: number): SlotLayout {
  const cacheKey = `${key}\u0000${slotCount}\u0000${step}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const random = new KeyedRandom(key, 'slot-layout');
  const bitOf = new Uint8Array(slotCount);
  for (let s = 0; s < slotCount; s++) bitOf[s] = s % CODE_BITS;
  for (let s = slotCount - 1; s > 0; s--) {
    const j = random.below(s + 1);
    const t = bitOf[s] ?? 0;
    bitOf[s] = bitOf[j] ?? 0;
    bitOf[j] = t;
  }
  const ditherRandom = new KeyedRandom(key, 'slot-dither');
  const dither = new Float32Array(slotCount);
  for (let s = 0; s < slotCount; s++) dither[s] = ditherRandom.next() * step;
  const layout = { key, bitOf, dither };
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value ?? '');
  cache.set(cacheKey, layout);
  return layout;
}

/**
 * The carrier basis images are separable, basis(u,v)[y][x] = e_u[y] · e_v[x]
 * with e_k the orthonormal 1-D DCT vector, so coefficients and changes are
 * computed row- then column-wise (about 2.5× fewer multiplications).
 */
export interface CarrierBases {
  size: number;
  /** e_k for k = 0..maxFrequency. */
  vectors: Float64Array[];
  /** The same vectors flattened: flat[k * size + i] = e_k[i]. */
  flat: Float64Array;
  positions: readonly (readonly [number, number])[];
}

export function basisImages(params: WatermarkParams): CarrierBases {
  const n = params.blockSize;
  const maxFrequency = Math.max(...params.positions.flat());
  const vectors = Array.from({ length: maxFrequency + 1 }, (_, k) => {
    const e = new Float64Array(n);
    const scale = Math.sqrt(2 / n) * (k === 0 ? Math.SQRT1_2 : 1);
    for (let i = 0; i < n; i++) e[i] = scale * Math.cos(((2 * i + 1) * k * Math.PI) / (2 * n));
    return e;
  });
  const flat = new Float64Array(vectors.length * n);
  vectors.forEach((e, k) => flat.set(e, k * n));
  return { size: n, vectors, flat, positions: params.positions };
}

export interface BlockGrid {
  size: number;
  blocksX: number;
  blocksY: number;
  slotCount: number;
}

export function blockGrid(width: number, height: number, params: WatermarkParams): BlockGrid {
  const size = params.blockSize;
  const blocksX = Math.floor(width / size);
  const blocksY = Math.floor(height / size);
  return { size, blocksX, blocksY, slotCount: blocksX * blocksY * params.positions.length };
}

/** The carrier coefficients of every full block of a luminance plane, slot order. */
export function carrierCoefficients(plane: Float32Array, width: number, grid: BlockGrid, bases: CarrierBases): Float64Array {
  const k = bases.positions.length;
  const n = grid.size;
  const frequencies = bases.vectors.length;
  const flat = bases.flat;
  const out = new Float64Array(grid.slotCount);
  // rowSums[v * n + y] = Σ_x block[y][x] · e_v[x]
  const rowSums = new Float64Array(frequencies * n);
  for (let by = 0; by < grid.blocksY; by++) {
    for (let bx = 0; bx < grid.blocksX; bx++) {
      const origin = by * n * width + bx * n;
      for (let v = 0; v < frequencies; v++) {
        const ev = v * n;
        for (let y = 0; y < n; y++) {
          const row = origin + y * width;
          let sum = 0;
          for (let x = 0; x < n; x++) sum += (plane[row + x] as number) * (flat[ev + x] as number);
          rowSums[ev + y] = sum;
        }
      }
      const base = (by * grid.blocksX + bx) * k;
      for (let p = 0; p < k; p++) {
        const [u, v] = bases.positions[p] ?? [0, 0];
        let sum = 0;
        for (let y = 0; y < n; y++) sum += (flat[u * n + y] as number) * (rowSums[v * n + y] as number);
        out[base + p] = sum;
      }
    }
  }
  return out;
}

/** Adds Σ_p change[p] · basis_p to the n×n block at `origin` of `plane`. */
export function addToBlock(plane: Float32Array, width: number, origin: number, bases: CarrierBases, change: Float64Array): void {
  const n = bases.size;
  const frequencies = bases.vectors.length;
  // columnMix[u * n + x] = Σ_{p = (u, v)} change[p] · e_v[x]
  const columnMix = new Float64Array(frequencies * n);
  for (let p = 0; p < bases.positions.length; p++) {
    const d = change[p] ?? 0;
    if (d === 0) continue;
    const [u, v] = bases.positions[p] ?? [0, 0];
    const ev = bases.vectors[v];
    for (let x = 0; x < n; x++) columnMix[u * n + x] = (columnMix[u * n + x] ?? 0) + d * (ev?.[x] ?? 0);
  }
  const flat = bases.flat;
  for (let y = 0; y < n; y++) {
    const row = origin + y * width;
    for (let u = 0; u < frequencies; u++) {
      const weight = flat[u * n + y] as number;
      const mix = u * n;
      for (let x = 0; x < n; x++) plane[row + x] = (plane[row + x] as number) + weight * (columnMix[mix + x] as number);
    }
  }
}

/** Nearest point of the lattice for `bit` (points at dither + bit·step/2 + n·step). */
export function quantise(c: number, dither: number, bit: number, step: number): number {
  const offset = dither + (bit * step) / 2;
  return Math.round((c - offset) / step) * step + offset;
}
