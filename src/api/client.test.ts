import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorAnswer, fakeService } from '@/testing/service-fake';
import { recordRequests, serviceCall, serviceUrl, signInToService, type ServiceAccount } from '@/testing/service';
import { ApiError } from './api-error';
import { api, configureApiClient } from './client';
// The app registers the words of every code beyond the sign-in ones when it starts.
import './error-words';

describe('api client', () => {
  const onSessionEnded = vi.fn();
  let account: ServiceAccount;
  beforeEach(async () => {
    onSessionEnded.mockReset();
    account = await signInToService();
    configureApiClient({ onSessionEnded });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the Bearer token, builds the query and unwraps data', async () => {
    const fetchSpy = recordRequests();
    const data = await api({ path: '/orders', query: { page: 2, keyword: '', status: undefined }, schema: z.object({ pageInfo: z.object({ currentPage: z.number() }) }) });
    expect(data).toEqual({ pageInfo: { currentPage: 2 } });
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${serviceUrl()}/api/v2/orders?page=2`);
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${account.token}`);
  });

  it('turns an error body into an ApiError with code, status and plain words', async () => {
    const error = await api({ path: '/orders/x', schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND', message: 'There is no such order in this account.' });
  });

  it('keeps the field details of a validation error', async () => {
    const body = { idempotencyKey: randomUUID(), files: [{ fileName: 'notes.txt', watermarks: [{ text: 'x' }] }] };
    const error = (await api({ method: 'POST', path: '/orders/wtr-embed', body, schema: z.unknown() }).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldMessage('files.0.fileName')).toMatch(/^must end in .*\.png/);
  });

  // An expired token needs a token lifetime the shared emulator does not have: the service's answer is faked.
  it('ends the session on a 401, once, and says whether it expired', async () => {
    fakeService(() => errorAnswer('AUTH_TOKEN_EXPIRED'));
    await expect(api({ path: '/orders', schema: z.unknown() })).rejects.toMatchObject({ code: 'AUTH_TOKEN_EXPIRED' });
    expect(onSessionEnded).toHaveBeenCalledWith('AUTH_TOKEN_EXPIRED');
  });

  it('does not end the session when a key under test is refused', async () => {
    await expect(api({ path: '/orders', schema: z.unknown(), token: 'sk_candidate' })).rejects.toMatchObject({ status: 401 });
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('reports a response that does not match the contract instead of rendering it', async () => {
    const { orderId } = await serviceCall<{ orderId: string }>('POST', '/api/v2/orders/wtr-embed', {
      idempotencyKey: randomUUID(),
      files: [{ fileName: 'a.png', watermarks: [{ text: 'x' }] }],
    });
    // The order is pending: a schema that expects otherwise stands for a service that changed.
    const error = (await api({ path: `/orders/${orderId}`, schema: z.object({ status: z.enum(['complete']) }) }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('contract');
    expect(error.message).toBe('The service answered in a form the dashboard does not understand.');
    // What was wrong is kept for support, under the words.
    expect(error.detail).toContain(`GET /api/v2/orders/${orderId} (200)`);
    expect(error.detail).toContain('status');
  });

  it('reports a body without the data envelope', async () => {
    // The login body is the one the service sends unwrapped.
    await expect(api({ method: 'POST', path: '/auth/login', body: { email: account.email, password: account.password }, schema: z.unknown() })).rejects.toMatchObject({
      code: 'RESPONSE_MISMATCH',
    });
  });

  it('reports an unreachable service as a network error', async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    configureApiClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(api({ path: '/x', schema: z.unknown() })).rejects.toMatchObject({ kind: 'network', status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('error words', () => {
  it('keep the service’s own text as a detail, never as the words', async () => {
    fakeService(() => errorAnswer('ORDER_NOT_PENDING', '주문이 대기 상태가 아님'));
    const error = (await api({ path: '/orders/x', schema: z.unknown() }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('This order is no longer waiting for files.');
    expect(error.detail).toBe('주문이 대기 상태가 아님');
  });
});
