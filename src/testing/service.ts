/**
 * Component and client tests call a real service: the emulator the unit tests' global setup starts
 * (scripts/stack/unit-test-emulator.ts), through the app's own API client. Each test makes an account of its own.
 */
import { inject, vi } from 'vitest';
import { z } from 'zod';
import { api, apiRequest, configureApiClient } from '@/api/client';
import { ACCESS_TOKEN_HEADER, loginResult, type LoginResult } from '@/api/schemas/auth';

/** Base URL of the unit tests' emulator. */
export function serviceUrl(): string {
  return inject('serviceUrl');
}

/** Points the app's API client at the emulator with no session (or the token given), as app/api-wiring.ts does. */
export function connectToService(getToken: () => string | null = () => null, onSessionEnded: (code: string) => void = () => {}): void {
  configureApiClient({ baseUrl: serviceUrl(), getToken, onSessionEnded });
}

export interface ServiceAccount {
  email: string;
  password: string;
  token: string;
  login: LoginResult;
}

let accounts = 0;

/** A fresh account on the emulator, signed in by e-mail; the app's API client then calls as that account. */
export async function signInToService(fields: { planType?: 'free' | 'pro' | 'enterprise'; usageLimit?: number } = {}): Promise<ServiceAccount> {
  connectToService();
  const email = `unit-${Date.now().toString(36)}-${(accounts += 1)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'password-unit';
  await serviceCall('POST', '/_emulator/accounts', { email, password, ...fields });
  const { data, headers } = await apiRequest({ method: 'POST', path: '/auth/login', body: { email, password }, schema: loginResult, envelopeOptional: true });
  const token = headers.get(ACCESS_TOKEN_HEADER)!;
  connectToService(() => token);
  return { email, password, token, login: data };
}

/** Arranges data through the service (full path: /api/v2/… or /_emulator/…) as the signed-in account; returns `data`. */
export function serviceCall<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return api({ method, path, body, prefix: '', schema: z.unknown() }) as Promise<T>;
}

/**
 * Records every request while they still reach the service; `see` may look at each answer (a copy of it).
 * Undone by `vi.unstubAllGlobals()` (not `vi.restoreAllMocks()`, which would also lift the console checks).
 */
export function recordRequests(see?: (answer: Response) => void) {
  const passThrough = globalThis.fetch;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = await passThrough(input, init);
    see?.(answer.clone());
    return answer;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/**
 * The emulator as a real service would answer: everything passes through, except its own namespace, which a real
 * service does not have (answered as the emulator answers any unknown route). Returns the fetch mock to read the
 * calls; undone by `vi.unstubAllGlobals()`.
 */
export function withoutEmulatorNamespace() {
  const passThrough = globalThis.fetch;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.startsWith('/_emulator/')) {
      return Response.json({ code: 'RESOURCE_NOT_FOUND', message: `No route ${init?.method ?? 'GET'} ${url.pathname}` }, { status: 404 });
    }
    return passThrough(input, init);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
