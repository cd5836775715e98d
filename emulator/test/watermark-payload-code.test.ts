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

  it('reads a wrong bit that is the 11th least reliable, as long as it was unsure (halved and recompressed copies)', () => {
    const bits = encodePayload(0xcafe1234, KEY);
    const received = bits.slice();
    received[19] = (received[19] ?? 0) ^ 1;
    // Ten bits weaker than the wrong one, which is itself decided by only 1.2 standard deviations.
    const weak = [0, 2, 5, 8, 13, 21, 26, 33, 38, 44];
    const z = Float64Array.from(received, (bit, i) => (bit ? 1 : -1) * (i === 19 ? 1.2 : weak.includes(i) ? 0.2 + i / 100 : 3));
    expect(decodePayloadSoft(received, z, KEY)).toBe(0xcafe1234);
  });

  it('never flips a bit decided by 1.5 standard deviations or more, nor more than four bits', () => {
    const bits = encodePayload(0x0badf00d, KEY);
    const firm = bits.slice();
    firm[7] = (firm[7] ?? 0) ^ 1;
    expect(decodePayloadSoft(firm, Float64Array.from(firm, (bit, i) => (bit ? 1 : -1) * (i === 7 ? 1.6 : 3)), KEY)).toBeNull();
    const five = bits.slice();
    const wrong = [1, 9, 17, 25, 33];
    for (const i of wrong) five[i] = (five[i] ?? 0) ^ 1;
    expect(decodePayloadSoft(five, reliabilities(five, wrong), KEY)).toBeNull();
  });

  it('reads a clean word without flipping anything', () => {
    const bits = encodePayload(7, KEY);
    expect(bits).toHaveLength(CODE_BITS);
    expect(decodePayloadSoft(bits, reliabilities(bits, []), KEY)).toBe(7);
  });
});
