import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, webhookPayload } from '@/api/schemas/webhooks';
import { EXAMPLE_PAYLOADS, receiverExamples } from './examples';

describe('example payloads', () => {
  it('gives one payload per event type, each valid against the callback schema', () => {
    expect(EXAMPLE_PAYLOADS.map((p) => p.type)).toEqual([...EVENT_TYPES]);
    for (const p of EXAMPLE_PAYLOADS) {
      const parsed = webhookPayload.parse(JSON.parse(p.body));
      expect(parsed.eventType).toBe(p.type);
      expect(parsed.data.status === 'failed').toBe(p.type.endsWith('.failed'));
    }
  });

  it('verifies in constant time in every receiver example', () => {
    const fns = { Node: 'timingSafeEqual', Python: 'hmac.compare_digest', Go: 'hmac.Equal', PHP: 'hash_equals' };
    for (const ex of receiverExamples()) expect(ex.code).toContain(fns[ex.language as keyof typeof fns]);
  });
});
