import { startStackEmulator } from '../../scripts/stack/stack';
import type { EmulatorConfig } from '../config';
import { DEMO_ACCOUNT, SECOND_ACCOUNT } from '../seed';
import type { RunningEmulator } from '../server';

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests assert on arbitrary JSON
  text: string;
}

export type Requester = (
  method: string,
  pathAndQuery: string,
  init?: { token?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<ApiResponse>;

/** JSON requests to one base URL: a Bearer token, a body serialised unless it is a string, the answer parsed when it is JSON. */
export function jsonRequester(baseUrl: string): Requester {
  return async (method, pathAndQuery, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const response = await fetch(baseUrl + pathAndQuery, { method, headers, body });
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, body: json, text };
  };
}

export interface TestEmulator extends RunningEmulator {
  dataDir: string;
  request: Requester;
  login: (account?: { email: string; password: string }) => Promise<string>;
  /** Stops and starts again on the same data directory (restart tests). */
  restart: () => Promise<TestEmulator>;
}

/**
 * A real emulator on a random port with a temporary database; rate limits raised unless a test sets them.
 * The two accounts are there but empty ('accounts'): tests that need the demo history ask for seed 'demo'.
 */
export async function startTestEmulator(overrides: Partial<EmulatorConfig> = {}, dataDir?: string): Promise<TestEmulator> {
  // The folder outlives close(): restart tests start again on it.
  const { stop: _stop, dataDir: dir, ...running } = await startStackEmulator({
    dataDir,
    tempPrefix: 'imprint-emu-',
    config: { port: 0, seed: 'accounts', rateLimits: { free: 100_000, pro: 100_000, enterprise: 100_000 }, ...overrides },
  });

  const request = jsonRequester(running.url);

  const login: TestEmulator['login'] = async (account = DEMO_ACCOUNT) => {
    const res = await request('POST', '/api/v2/auth/login', { body: account });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
    return res.headers.get('accesstoken')!;
  };

  return {
    ...running,
    dataDir: dir,
    request,
    login,
    restart: async () => {
      await running.close();
      return startTestEmulator({ ...overrides }, dir);
    },
  };
}

export { DEMO_ACCOUNT, SECOND_ACCOUNT };
