import { KeyedRandom } from './key';
import { CODE_BITS } from './payload-code';
import type { WatermarkParams } from './params';

/**
 * How coarsely the tile is drawn: chips of `params.chip` pixels (fine) or twice
 * that (coarse). Fine chips hold best in busy textures, whose own energy is at
 * coarser scales; coarse chips survive halving followed by JPEG, which leaves a
 * fine chip one pixel wide and quantises it away. The embedder picks one per
 * picture (grain.ts); the extractor tries both on every lattice it folds.
 */
export type Grain = 'fine' | 'coarse';
export const GRAINS: readonly Grain[] = ['fine', 'coarse'];

/** A quarter of the chips are sync chips in either grain. */
const SYNC_SHARE = 4;

/**
 * The keyed tile. Every chip has a keyed sign; a keyed quarter of the chips is
 * the synchronisation pattern (sign only), every other chip carries one code
 * bit (sign × (bit ? +1 : −1)), each bit spread over the same number of chips.
 * The fine grain is the layout marks had before the coarse one was added, so
 * they are still read.
 */
export interface TilePattern {
  grain: Grain;
  /** Chips per tile side. */
  chips: number;
  /** Side of a chip in pixels. */
  chipSize: number;
  sign: Int8Array;
  /** −1 for a sync chip, else the code bit it carries. */
  bitOf: Int8Array;
}

const cache = new Map<string, TilePattern>();

export function tilePattern(key: string, params: WatermarkParams, grain: Grain = 'fine'): TilePattern {
  const chipSize = grain === 'fine' ? params.chip : 2 * params.chip;
  const chips = Math.round(params.tile / chipSize);
  const cacheKey = `${key}\u0000${chips}\u0000${grain}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const count = chips * chips;
  const syncChips = Math.round(count / SYNC_SHARE);
  const signs = new KeyedRandom(key, 'tile-sign');
  const sign = Int8Array.from({ length: count }, () => (signs.nextUint32() & 1 ? 1 : -1));
  const order = Array.from({ length: count }, (_, i) => i);
  const shuffle = new KeyedRandom(key, 'tile-roles');
  for (let i = count - 1; i > 0; i--) {
    const j = shuffle.below(i + 1);
    [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
  }
  const bitOf = new Int8Array(count);
  order.forEach((chip, rank) => {
    bitOf[chip] = rank < syncChips ? -1 : (rank - syncChips) % CODE_BITS;
  });
  const pattern = { grain, chips, chipSize, sign, bitOf };
  if (cache.size >= 8) cache.clear();
  cache.set(cacheKey, pattern);
  return pattern;
}

/** The tile's pixel values (±1) for a code word, row-major tile × tile. */
export function tileValues(pattern: TilePattern, bits: Uint8Array, params: WatermarkParams): Float32Array {
  const { tile } = params;
  const out = new Float32Array(tile * tile);
  for (let y = 0; y < tile; y++) {
    for (let x = 0; x < tile; x++) {
      const c = chipAt(pattern, params, x, y);
      const bit = pattern.bitOf[c] ?? -1;
      const modulation = bit < 0 ? 1 : bits[bit] ? 1 : -1;
      out[y * tile + x] = (pattern.sign[c] ?? 0) * modulation;
    }
  }
  return out;
}

/** The sync chips only, as pixels (others 0): what translation is searched against. */
export function syncValues(pattern: TilePattern, params: WatermarkParams): Float32Array {
  const { tile } = params;
  const out = new Float32Array(tile * tile);
  for (let y = 0; y < tile; y++) {
    for (let x = 0; x < tile; x++) {
      const c = chipAt(pattern, params, x, y);
      if ((pattern.bitOf[c] ?? 0) < 0) out[y * tile + x] = pattern.sign[c] ?? 0;
    }
  }
  return out;
}

/** The chip a tile pixel belongs to: chips may be a fraction of a pixel wider than others when the tile is no multiple of the chip. */
export function chipAt(pattern: TilePattern, params: WatermarkParams, x: number, y: number): number {
  return Math.floor((y * pattern.chips) / params.tile) * pattern.chips + Math.floor((x * pattern.chips) / params.tile);
}
