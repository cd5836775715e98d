import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import { shouldRetry } from './query-client';

const http = (status: number) => new ApiError({ kind: 'http', status, code: 'X', method: 'GET', path: '/p' });

describe('shouldRetry', () => {
  it.each([400, 401, 403, 404, 422])('never retries a %i', (status) => {
    expect(shouldRetry(0, http(status))).toBe(false);
  });
  it('retries 5xx, 429 and network errors twice', () => {
    for (const error of [http(500), http(429), new ApiError({ kind: 'network', status: 0, code: 'NETWORK_ERROR', method: 'GET', path: '/p' })]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(true);
      expect(shouldRetry(2, error)).toBe(false);
    }
  });
});
