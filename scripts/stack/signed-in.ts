/**
 * Calling a running emulator as an account, from Node (e2e tests, benchmarks, screenshots): sign in, make
 * accounts, JSON calls that return `data` (or the whole answer), every order page by page, presigned uploads and
 * downloads, and the stored session a browser is seeded with. The session's format is the dashboard's own
 * (src/features/auth/lib/session-store.ts), so a seeded browser is one that signed in.
 */
import { randomUUID } from 'node:crypto';
import type { LoginResult } from '../../src/api/schemas/auth';
import { encodeSession, passwordSession, STORAGE_KEY } from '../../src/features/auth/lib/session-store';
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

/** An answer as it came, read once: for callers that assert a status code or a header. */
export interface ApiResponse<T = unknown> {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The body as text ('' when there is none). */
  text: string;
  /** The body parsed, when it is JSON. */
  json: unknown;
  /** The body's `data` (undefined when the body has none: an error, not JSON). */
  data: T;
}

/** Any call (full path: /api/v2/… or /_emulator/…) as the token's account, whatever its answer: the raw-response form of `apiCall`. */
export async function apiResponse<T = unknown>(baseUrl: string, token: string | null, method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const data = (json && typeof json === 'object' ? (json as { data?: T }).data : undefined) as T;
  return { status: res.status, ok: res.ok, headers: res.headers, text, json, data };
}

/** Any call (full path: /api/v2/… or /_emulator/…) as the token's account; returns `data`, throws on non-2xx with the body. */
export async function apiCall<T = unknown>(baseUrl: string, token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await apiResponse<T>(baseUrl, token, method, path, body);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.data;
}

/** A GET (full path) as the token's account; returns `data`, throws on non-2xx with the body. */
export function apiGet<T = unknown>(baseUrl: string, token: string | null, path: string): Promise<T> {
  return apiCall<T>(baseUrl, token, 'GET', path);
}

/**
 * Every order of the token's account, page after page of 100 (`query`: more filters, e.g. 'status=failed'), and the
 * total the list reports.
 */
export async function apiAllOrders<T = unknown>(baseUrl: string, token: string, query = ''): Promise<{ orders: T[]; total: number }> {
  const orders: T[] = [];
  for (let page = 1; ; page++) {
    const data = await apiGet<{ orders: T[]; pageInfo: { totalItems: number; totalPages: number } }>(
      baseUrl,
      token,
      `/api/v2/orders?limit=100&page=${page}${query ? `&${query}` : ''}`,
    );
    orders.push(...data.orders);
    if (page >= data.pageInfo.totalPages) return { orders, total: data.pageInfo.totalItems };
  }
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

/** A presigned PUT, as the dashboard's upload engine makes it; throws on non-2xx with the body. */
export async function putFile(url: string, bytes: Uint8Array, contentType: string): Promise<void> {
  const res = await fetch(url, { method: 'PUT', headers: { 'Content-Type': contentType }, body: new Uint8Array(bytes) });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
}

/** The bytes at a URL the API handed out (a presigned download, a thumbnail) or any other plain GET; throws on non-2xx. */
export async function download(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`download ${url}: ${res.status} ${await res.text()}`);
  return new Uint8Array(await res.arrayBuffer());
}
