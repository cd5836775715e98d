import { createHash } from 'node:crypto';

/**
 * The emulator's fixed watermark key. The real service keeps its key secret;
 * the emulator uses this public constant so that anything embedded by one
 * emulator run can be extracted by any other. Changing it makes every
 * watermark embedded before the change unreadable.
 */
export const EMULATOR_WATERMARK_KEY = 'imprint-emulator-watermark-key-v1';

/** A seeded pseudo-random generator (xoshiro128**): fast, and the same sequence for the same key and purpose. */
export class KeyedRandom {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(key: string, purpose: string) {
    const seed = createHash('sha256').update(`${key}\u0000${purpose}`).digest();
    this.s0 = seed.readUInt32LE(0);
    this.s1 = seed.readUInt32LE(4);
    this.s2 = seed.readUInt32LE(8);
    this.s3 = seed.readUInt32LE(12) | 1;
  }

  /** Next unsigned 32-bit value. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
