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
 * Bits the soft decoder may flip: the 6 least reliable. Every pattern tried is
 * another 1 in 65,536 chance that a wrong word passes the CRC, so 64 patterns
 * keep that chance near 1 in 1,000 for a word that already passed the
 * confidence threshold (which unmarked images do not reach).
 */
export const SOFT_FLIP_BITS = 6;

/**
 * Soft decoding (a Chase decoder): when the hard decisions fail the CRC, the
 * weakest bits are the likely wrong ones, so every combination of flips among
 * the `SOFT_FLIP_BITS` weakest (by |reliability|) is tried, fewest flips
 * first. JPEG q30 or a halved and recompressed copy leaves a few weak bits
 * wrong while the rest are clear.
 */
export function decodePayloadSoft(bits: Uint8Array, reliability: Float64Array, key: string, flipBits = SOFT_FLIP_BITS): number | null {
  const hard = decodePayload(bits, key);
  if (hard !== null || flipBits <= 0) return hard;
  const weakest = Array.from(reliability.keys())
    .sort((p, q) => Math.abs(reliability[p] as number) - Math.abs(reliability[q] as number))
    .slice(0, flipBits);
  const patterns = Array.from({ length: (1 << weakest.length) - 1 }, (_, i) => i + 1).sort((p, q) => popCount(p) - popCount(q) || p - q);
  const trial = bits.slice();
  for (const pattern of patterns) {
    trial.set(bits);
    weakest.forEach((bit, i) => {
      if (pattern & (1 << i)) trial[bit] = (trial[bit] ?? 0) ^ 1;
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
