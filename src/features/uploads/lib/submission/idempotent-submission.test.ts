import { describe, expect, it } from 'vitest';
import { makeSubmissionKeys, withSameKey } from './idempotent-submission';

describe('idempotent submission', () => {
  it('reuses one key on every retry of the creation request', async () => {
    const keys = makeSubmissionKeys(
      (() => {
        let n = 0;
        return () => `uuid-${++n}`;
      })(),
    );
    expect(keys.create).not.toBe(keys.confirm);
    const seen: string[] = [];
    const created = await withSameKey(
      keys.create,
      async (key) => {
        seen.push(key);
        if (seen.length < 3) throw new Error('503');
        return 'order-1';
      },
      { isRetryable: () => true, sleep: async () => {} },
    );
    expect(created).toBe('order-1');
    expect(seen).toEqual(['uuid-1', 'uuid-1', 'uuid-1']);
  });

  it('does not retry what is not retryable', async () => {
    let calls = 0;
    await expect(
      withSameKey('k', async () => {
        calls++;
        throw new Error('400');
      }, { isRetryable: () => false }),
    ).rejects.toThrow('400');
    expect(calls).toBe(1);
  });
});

describe('idempotent submission backoff', () => {
  it('waits with the upload engine’s jittered backoff between tries', async () => {
    const waits: number[] = [];
    await expect(
      withSameKey('k', async () => {
        throw new Error('503');
      }, { isRetryable: () => true, maxAttempts: 4, baseDelayMs: 100, random: () => 0, sleep: async (ms) => void waits.push(ms) }),
    ).rejects.toThrow('503');
    // Each wait lies between half and all of 100, 200, 400 ms; random 0 gives the half.
    expect(waits).toEqual([50, 100, 200]);
  });
});
