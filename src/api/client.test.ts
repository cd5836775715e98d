import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error';
import { api, configureApiClient } from './client';
// The app registers the words of every code beyond the sign-in ones when it starts.
import './error-words';

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers }));
}

describe('api client', () => {
  const onSessionEnded = vi.fn();
  beforeEach(() => {
    onSessionEnded.mockReset();
    configureApiClient({ baseUrl: 'http://svc', getToken: () => 'tok', onSessionEnded });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the Bearer token, builds the query and unwraps data', async () => {
    const fetchMock = respond(200, { data: { n: 1 } });
    vi.stubGlobal('fetch', fetchMock);
    const data = await api({ path: '/orders', query: { page: 2, keyword: '', status: undefined }, schema: z.object({ n: z.number() }) });
    expect(data).toEqual({ n: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://svc/api/v2/orders?page=2');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('turns an error body into an ApiError with code, status and plain words', async () => {
    vi.stubGlobal('fetch', respond(404, { code: 'ORDER_NOT_FOUND' }));
    const error = await api({ path: '/orders/x', schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND', message: 'There is no such order in this account.' });
  });

  it('keeps the field details of a validation error', async () => {
    vi.stubGlobal('fetch', respond(400, { code: 'VALIDATION_FAILED', details: [{ path: 'files.0.fileName', message: 'must end in .png' }] }));
    const error = (await api({ method: 'POST', path: '/orders/wtr-embed', body: {}, schema: z.unknown() }).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldMessage('files.0.fileName')).toBe('must end in .png');
  });

  it('ends the session on a 401, once, and says whether it expired', async () => {
    vi.stubGlobal('fetch', respond(401, { code: 'AUTH_TOKEN_EXPIRED' }));
    await expect(api({ path: '/orders', schema: z.unknown() })).rejects.toMatchObject({ code: 'AUTH_TOKEN_EXPIRED' });
    expect(onSessionEnded).toHaveBeenCalledWith('AUTH_TOKEN_EXPIRED');
  });

  it('does not end the session when a key under test is refused', async () => {
    vi.stubGlobal('fetch', respond(401, { code: 'AUTH_TOKEN_INVALID' }));
    await expect(api({ path: '/orders', schema: z.unknown(), token: 'sk_candidate' })).rejects.toMatchObject({ status: 401 });
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('reports a response that does not match the contract instead of rendering it', async () => {
    vi.stubGlobal('fetch', respond(200, { data: { status: 'weird' } }));
    const error = (await api({ path: '/orders/1', schema: z.object({ status: z.enum(['pending']) }) }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('contract');
    expect(error.message).toBe('The service answered in a form the dashboard does not understand.');
    // What was wrong is kept for support, under the words.
    expect(error.detail).toContain('GET /api/v2/orders/1 (200)');
    expect(error.detail).toContain('status');
  });

  it('reports a body without the data envelope', async () => {
    vi.stubGlobal('fetch', respond(200, { n: 1 }));
    await expect(api({ path: '/x', schema: z.unknown() })).rejects.toMatchObject({ code: 'RESPONSE_MISMATCH' });
  });

  it('reports an unreachable service as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api({ path: '/x', schema: z.unknown() })).rejects.toMatchObject({ kind: 'network', status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('error words', () => {
  it('keep the service’s own text as a detail, never as the words', async () => {
    vi.stubGlobal('fetch', respond(400, { code: 'ORDER_NOT_PENDING', message: '주문이 대기 상태가 아님' }));
    const error = (await api({ path: '/orders/x', schema: z.unknown() }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('This order is no longer waiting for files.');
    expect(error.detail).toBe('주문이 대기 상태가 아님');
  });
});
