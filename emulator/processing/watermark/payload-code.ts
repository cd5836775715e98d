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

function mask(key: string): Uint8Array {
  const random = new KeyedRandom(key, 'payload-mask');
  return Uint8Array.from({ length: CODE_BITS }, () => random.nextUint32() & 1);
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
