import { KeyedRandom } from './key';

/**
 * The 48 bits a watermark carries: the 32-bit payload followed by its
 * CRC-16/CCITT, XOR-ed with a keyed mask so that a payload of 0 is not a run
 * of zero bits. The CRC is what lets a random image almost never decode to a
 * valid payload (together with the confidence threshold in extract).
 */
export const CODE_BITS = 48;

export function crc16(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function payloadBytes(payload: number): Uint8Array {
  return new Uint8Array([(payload >>> 24) & 0xff, (payload >>> 16) & 0xff, (payload >>> 8) & 0xff, payload & 0xff]);
}

const masks = new Map<string, Uint8Array>();

function mask(key: string): Uint8Array {
  const hit = masks.get(key);
  if (hit) return hit;
  const random = new KeyedRandom(key, 'payload-mask');
  const bits = Uint8Array.from({ length: CODE_BITS }, () => random.nextUint32() & 1);
  if (masks.size >= 8) masks.clear();
  masks.set(key, bits);
  return bits;
}

export function encodePayload(payload: number, key: string): Uint8Array {
  if (!Number.isInteger(payload) || payload < 0 || payload > 0xffffffff) {
    throw new RangeError(`payload must be an unsigned 32-bit integer, got ${payload}`);
  }
  const word = payload >>> 0;
  const crc = crc16(payloadBytes(word));
  const m = mask(key);
  const bits = new Uint8Array(CODE_BITS);
  for (let i = 0; i < 32; i++) bits[i] = ((word >>> (31 - i)) & 1) ^ (m[i] ?? 0);
  for (let i = 0; i < 16; i++) bits[32 + i] = ((crc >>> (15 - i)) & 1) ^ (m[32 + i] ?? 0);
  return bits;
}

/** The payload when the CRC matches, else null. */
export function decodePayload(bits: Uint8Array, key: string): number | null {
  const m = mask(key);
  let word = 0;
  for (let i = 0; i < 32; i++) word = ((word << 1) | ((bits[i] ?? 0) ^ (m[i] ?? 0))) >>> 0;
  let crc = 0;
  for (let i = 0; i < 16; i++) crc = (crc << 1) | ((bits[32 + i] ?? 0) ^ (m[32 + i] ?? 0));
  return crc16(payloadBytes(word)) === crc ? word : null;
}

/**
 * Bits the soft decoder may flip: among the 12 least reliable, only those decided by less than 1.5 standard
 * deviations, at most 4 of them at once (793 patterns at most). Each pattern tried is another 1 in 65,536 chance
 * that a wrong word passes the CRC; the likeliest patterns (smallest sum of |reliability| flipped) come first, so a
 * true word is usually met long before that. Measured on halved and recompressed copies (bench/_wmdebug, 26 Nov):
 * the wrong bits were 1 to 4, always under |z| 1.2, but up to the 11th weakest; the earlier decoder tried every
 * pattern of the 6 weakest only and missed them.
 */
export const SOFT_FLIP_BITS = 12;
export const SOFT_MAX_FLIPS = 4;
export const SOFT_FLIP_Z_MAX = 1.5;

/**
 * Soft decoding (a Chase decoder): when the hard decisions fail the CRC, the weakest bits are the likely wrong
 * ones, so patterns of flips among them are tried, likeliest first. JPEG q30 or a halved and recompressed copy
 * leaves a few weak bits wrong while the rest are clear; a bit decided firmly is never flipped.
 */
export function decodePayloadSoft(
  bits: Uint8Array,
  reliability: Float64Array,
  key: string,
  { flipBits = SOFT_FLIP_BITS, maxFlips = SOFT_MAX_FLIPS, zMax = SOFT_FLIP_Z_MAX }: { flipBits?: number; maxFlips?: number; zMax?: number } = {},
): number | null {
  const hard = decodePayload(bits, key);
  if (hard !== null || flipBits <= 0) return hard;
  const size = (i: number) => Math.abs(reliability[i] as number);
  const weakest = Array.from(reliability.keys())
    .filter((i) => size(i) < zMax)
    .sort((p, q) => size(p) - size(q))
    .slice(0, flipBits);
  const patterns: { mask: number; cost: number }[] = [];
  for (let mask = 1; mask < 1 << weakest.length; mask++) {
    if (popCount(mask) > maxFlips) continue;
    let cost = 0;
    weakest.forEach((bit, i) => {
      if (mask & (1 << i)) cost += size(bit);
    });
    patterns.push({ mask, cost });
  }
  patterns.sort((p, q) => p.cost - q.cost || p.mask - q.mask);
  const trial = bits.slice();
  for (const { mask } of patterns) {
    trial.set(bits);
    weakest.forEach((bit, i) => {
      if (mask & (1 << i)) trial[bit] = (trial[bit] ?? 0) ^ 1;
    });
    const payload = decodePayload(trial, key);
    if (payload !== null) return payload;
  }
  return null;
}

function popCount(n: number): number {
  let count = 0;
  for (let v = n; v; v &= v - 1) count++;
  return count;
}
