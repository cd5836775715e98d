import { backoffDelay } from '../upload-engine';

/**
 * One submission = one idempotency key, made when the user submits and reused on every retry,
 * so a double click or a retried request never creates two orders. The confirm call has its own key.
 */
export interface SubmissionKeys {
  create: string;
  confirm: string;
}

export function makeSubmissionKeys(randomUUID: () => string = () => crypto.randomUUID()): SubmissionKeys {
  return { create: randomUUID(), confirm: randomUUID() };
}

export interface RetryPolicy {
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Whether an error is worth another try (network, 5xx); 4xx never is. */
  isRetryable: (error: unknown) => boolean;
}

/**
 * Calls `run(key)` until it succeeds or fails for good; every call gets the same key. The waits are
 * jittered like the engine's, so tabs or users that failed together do not come back together.
 */
export async function withSameKey<T>(key: string, run: (key: string) => Promise<T>, policy: RetryPolicy): Promise<T> {
  const maxAttempts = policy.maxAttempts ?? 3;
  const sleep = policy.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(key);
    } catch (error) {
      if (attempt >= maxAttempts || !policy.isRetryable(error)) throw error;
      await sleep(backoffDelay(attempt, policy.baseDelayMs ?? 500, policy.maxDelayMs ?? 8000, policy.random ?? Math.random));
    }
  }
}
