import { describe, expect, it } from 'vitest';
import { ApiError, isMissingEndpoint, isRetryableStatus, isWorthRetrying } from './api-error';

const http = (status: number, code = `HTTP_${status}`) => new ApiError({ kind: 'http', status, code, method: 'GET', path: '/p' });
const network = new ApiError({ kind: 'network', status: 0, code: 'NETWORK_ERROR', method: 'GET', path: '/p' });
const contract = new ApiError({ kind: 'contract', status: 200, code: 'RESPONSE_MISMATCH', method: 'GET', path: '/p' });

describe('isMissingEndpoint', () => {
  it.each([
    ['a 405', http(405, 'METHOD_NOT_ALLOWED')],
    ['a 404 RESOURCE_NOT_FOUND', http(404, 'RESOURCE_NOT_FOUND')],
    ['a 404 without a service code', http(404)],
  ])('is true for %s', (_, error) => {
    expect(isMissingEndpoint(error)).toBe(true);
  });

  it.each([
    ['a 404 naming a missing webhook', http(404, 'WEBHOOK_NOT_FOUND')],
    ['a 404 naming a missing order', http(404, 'ORDER_NOT_FOUND')],
    ['a 404 naming a missing plan', http(404, 'PLAN_NOT_FOUND')],
    ['another refusal', http(400, 'VALIDATION_FAILED')],
    ['a server fault', http(500, 'SERVER_INTERNAL_ERROR')],
    ['a network error', network],
    ['an answer outside the contract', contract],
    ['something that is not an ApiError', new Error('404')],
  ])('is false for %s', (_, error) => {
    expect(isMissingEndpoint(error)).toBe(false);
  });
});

describe('isRetryableStatus', () => {
  it.each([408, 429, 500, 502, 503, 507])('retries %i', (status) => expect(isRetryableStatus(status)).toBe(true));
  it.each([200, 400, 401, 403, 404, 405, 413, 422])('does not retry %i', (status) => expect(isRetryableStatus(status)).toBe(false));
});

describe('isWorthRetrying', () => {
  it('retries network faults, 5xx, 408 and 429', () => {
    for (const error of [network, http(500), http(503), http(408), http(429)]) expect(isWorthRetrying(error)).toBe(true);
  });
  it('never retries what the service refused or a body outside the contract', () => {
    for (const error of [http(400), http(401), http(403), http(404), http(422), contract]) expect(isWorthRetrying(error)).toBe(false);
  });
  it('retries an unknown failure but never an abort', () => {
    expect(isWorthRetrying(new TypeError('Failed to fetch dynamically imported module'))).toBe(true);
    expect(isWorthRetrying(new DOMException('Aborted', 'AbortError'))).toBe(false);
  });
});
