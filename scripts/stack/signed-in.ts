/**
 * Calling a running emulator as an account, from Node (e2e tests, benchmarks, screenshots): sign in, make
 * accounts, JSON calls that return `data`, and the stored session a browser is seeded with. The session's
 * format is the dashboard's own (src/features/auth/session-store.ts), so a seeded browser is one that signed in.
 */
import { randomUUID } from 'node:crypto';
import type { LoginResult } from '../../src/api/schemas/auth';
import { encodeSession, passwordSession, STORAGE_KEY } from '../../src/features/auth/session-store';
import { DEMO_ACCOUNT, SECOND_ACCOUNT } from '../../emulator/seed';

export interface Account {
  email: string;
  password: string;
}
export const DEMO: Account = { ...DEMO_ACCOUNT };
export const SECOND: Account = { ...SECOND_ACCOUNT };

/** The localStorage key the dashboard keeps its session under. */
export const SESSION_STORAGE_KEY = STORAGE_KEY;

export interface SignedIn {
  token: string;
  body: LoginResult;
  /** The value for localStorage[SESSION_STORAGE_KEY]. */
  storedSession: string;
}

/** Signs in through the API (not the UI): the token, the login body and the session the dashboard would store. */
export async function signIn(baseUrl: string, account: Account): Promise<SignedIn> {
  const res = await fetch(`${baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const token = res.headers.get('accesstoken')!;
  // The login body is unwrapped (docs/interface-decisions.md); a wrapped one is still read, as the dashboard does.
  const json = (await res.json()) as LoginResult | { data: LoginResult };
  const body = 'data' in json ? json.data : json;
  return { token, body, storedSession: encodeSession(passwordSession(token, body)) };
}

/** Any call (full path: /api/v2/… or /_emulator/…) as the token's account; returns `data`, throws on non-2xx with the body. */
export async function apiCall<T = unknown>(baseUrl: string, token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** A fresh account of the emulator's own namespace (plan and limit as given, else its defaults). */
export async function createAccount(
  baseUrl: string,
  fields: Partial<Account & { planType: string; usageLimit: number }> = {},
  prefix = 'test',
): Promise<Account> {
  const account = { email: fields.email ?? `${prefix}-${randomUUID().slice(0, 8)}@example.com`, password: fields.password ?? `password-${prefix}` };
  await apiCall(baseUrl, null, 'POST', '/_emulator/accounts', { ...fields, ...account });
  return account;
}

/** A presigned PUT, as the dashboard's upload engine makes it. */
export async function putFile(url: string, bytes: Uint8Array, contentType: string): Promise<void> {
  const res = await fetch(url, { method: 'PUT', headers: { 'Content-Type': contentType }, body: new Uint8Array(bytes) });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
}
