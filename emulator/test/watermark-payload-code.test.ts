import { describe, expect, it } from 'vitest';
import { CODE_BITS, decodePayload, decodePayloadSoft, encodePayload } from '../processing/watermark/payload-code';

const KEY = 'payload-code-test-key';

/** Reliabilities as the detector gives them: sign = bit, size = how sure; `weak` bits are barely decided. */
function reliabilities(bits: Uint8Array, weak: number[]): Float64Array {
  return Float64Array.from(bits, (bit, i) => (bit ? 1 : -1) * (weak.includes(i) ? 0.1 + i / 1000 : 3));
}

describe('watermark payload code, soft decoding', () => {
  it('reads the payload when the few wrong bits are the least reliable ones', () => {
    const bits = encodePayload(0xdeadbeef, KEY);
    const received = bits.slice();
    for (const i of [3, 40]) received[i] = (received[i] ?? 0) ^ 1;
    expect(decodePayload(received, KEY)).toBeNull();
    expect(decodePayloadSoft(received, reliabilities(received, [3, 17, 29, 40]), KEY)).toBe(0xdeadbeef);
  });

  it('gives nothing when a wrong bit looks reliable, rather than guessing', () => {
    const bits = encodePayload(0x01020304, KEY);
    const received = bits.slice();
    received[10] = (received[10] ?? 0) ^ 1;
    expect(decodePayloadSoft(received, reliabilities(received, [1, 2, 3, 4]), KEY)).toBeNull();
  });

  it('reads a clean word without flipping anything', () => {
    const bits = encodePayload(7, KEY);
    expect(bits).toHaveLength(CODE_BITS);
    expect(decodePayloadSoft(bits, reliabilities(bits, []), KEY)).toBe(7);
  });
});
