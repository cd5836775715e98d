// zod/mini and no JWT library: the store is read before the sign-in page draws (docs/decisions/bundle.md).
import { z } from 'zod/mini';
import { ACCESS_TOKEN_TTL_S } from '@/api/limits';
import { loginResult } from '@/api/schemas/auth';

/** The token's lifetime when it carries no exp of its own (interface: 2 hours by default). */
export const DEFAULT_TOKEN_TTL_MS = ACCESS_TOKEN_TTL_S * 1000;
/** The localStorage key; e2e tests, benchmarks and screenshots seed a signed-in browser under it. */
export const STORAGE_KEY = 'imprint.session';

const sessionSchema = z.object({
  token: z.string(),
  /** Epoch ms; null for API keys, which do not expire. */
  expiresAt: z.nullable(z.number()),
  method: z.enum(['password', 'apiKey']),
  signedInAt: z.number(),
  /** The login body (user and contract): only e-mail sign-in returns it. */
  account: z.nullable(loginResult),
});
export type Session = z.infer<typeof sessionSchema>;

/** The stored form of a session: what `start` writes and the store reads back. */
export function encodeSession(session: Session): string {
  return JSON.stringify(session);
}

/** A session from an e-mail sign-in: the token's own expiry and the login body. */
export function passwordSession(token: string, account: Session['account'], now = Date.now()): Session {
  return { token, expiresAt: expiryOf(token, now), method: 'password', signedInAt: now, account };
}

export type EndReason = 'signed-out' | 'expired' | 'rejected' | 'signed-out-elsewhere';

type Listener = () => void;

export interface SessionStore {
  get(): Session | null;
  /** Why the last session ended in this tab (shown on the sign-in page). */
  lastEndReason(): EndReason | null;
  start(session: Session): void;
  end(reason: EndReason): void;
  subscribe(listener: Listener): () => void;
}

/** The exp claim of a JWT, unverified: the service checks the signature, the dashboard only times its own sign-out. */
function jwtExp(token: string): unknown {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
  const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
  return typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : undefined;
}

/** Expiry from the token's own exp when it is a JWT, else the documented 2 hours. */
export function expiryOf(token: string, now = Date.now()): number {
  try {
    const exp = jwtExp(token);
    if (typeof exp === 'number') return exp * 1000;
  } catch {
    // Not a JWT: fall through to the documented default.
  }
  return now + DEFAULT_TOKEN_TTL_MS;
}

function read(storage: Storage): Session | null {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = sessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The session lives in localStorage so that every open tab shares it: the
 * storage event makes a sign-out in one tab a sign-out in all. A timer ends
 * it at the token's expiry, so nobody meets a 401 first.
 */
export function createSessionStore(storage: Storage = window.localStorage, target: Window = window): SessionStore {
  let session = read(storage);
  let reason: EndReason | null = null;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<Listener>();

  const notify = () => listeners.forEach((listener) => listener());

  const schedule = () => {
    clearTimeout(expiryTimer);
    if (!session?.expiresAt) return;
    const left = session.expiresAt - Date.now();
    if (left <= 0) {
      end('expired');
      return;
    }
    // setTimeout cannot wait more than ~24.8 days; tokens live hours.
    expiryTimer = setTimeout(() => end('expired'), Math.min(left, 2 ** 31 - 1));
  };

  function end(why: EndReason) {
    if (!session) return;
    session = null;
    reason = why;
    clearTimeout(expiryTimer);
    storage.removeItem(STORAGE_KEY);
    notify();
  }

  target.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    const next = read(storage);
    if (!next && session) reason = 'signed-out-elsewhere';
    if (next) reason = null;
    session = next;
    schedule();
    notify();
  });

  schedule();

  return {
    get: () => session,
    lastEndReason: () => reason,
    start(next) {
      session = next;
      reason = null;
      storage.setItem(STORAGE_KEY, encodeSession(next));
      schedule();
      notify();
    },
    end,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
