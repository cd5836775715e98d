import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex, normaliseSignature } from './hmac';

describe('hmacSha256Hex', () => {
  it('matches node:crypto for a delivery-like body', async () => {
    const secret = 'whsec_test_0123456789abcdef';
    const body = '{"eventType":"order.antiAi.completed","data":{"orderId":"o1","orderName":"naïve ✓"}}';
    const expected = createHmac('sha256', secret).update(body).digest('hex');
    await expect(hmacSha256Hex(secret, body)).resolves.toBe(expected);
  });

  it('differs when one character of the body changes', async () => {
    const a = await hmacSha256Hex('s', '{"a":1}');
    const b = await hmacSha256Hex('s', '{"a":2}');
    expect(a).not.toBe(b);
  });

  it('accepts a sha256= prefix and upper case in the given signature', () => {
    expect(normaliseSignature(' sha256=ABCDEF ')).toBe('abcdef');
  });
});
