import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, DEFAULT_TOKEN_TTL_MS, expiryOf, type Session } from './session-store';

function jwtWithExp(exp: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ sub: '1', exp })}.c2lnbmF0dXJl`;
}

const session = (overrides: Partial<Session> = {}): Session => ({
  token: 't',
  expiresAt: Date.now() + 60_000,
  method: 'password',
  signedInAt: Date.now(),
  account: null,
  ...overrides,
});

describe('expiryOf', () => {
  it('uses the exp of a JWT', () => {
    expect(expiryOf(jwtWithExp(2_000_000_000))).toBe(2_000_000_000_000);
  });
  it('falls back to two hours for tokens that are not JWTs', () => {
    expect(expiryOf('opaque-token', 1000)).toBe(1000 + DEFAULT_TOKEN_TTL_MS);
  });
  it('falls back to two hours for a JWT without exp or with a payload that is not JSON', () => {
    const part = (value: string) => btoa(value).replace(/=+$/, '');
    expect(expiryOf(`${part('{"alg":"HS256"}')}.${part('{"sub":"1"}')}.c2ln`, 1000)).toBe(1000 + DEFAULT_TOKEN_TTL_MS);
    expect(expiryOf(`${part('{"alg":"HS256"}')}.${part('not json')}.c2ln`, 1000)).toBe(1000 + DEFAULT_TOKEN_TTL_MS);
  });
});

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('ends the session at its expiry and says why', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.start(session({ expiresAt: Date.now() + 5000 }));
    vi.advanceTimersByTime(4999);
    expect(store.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(store.get()).toBeNull();
    expect(store.lastEndReason()).toBe('expired');
    expect(localStorage.getItem('imprint.session')).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('never expires an API-key session by timer', () => {
    const store = createSessionStore();
    store.start(session({ expiresAt: null, method: 'apiKey' }));
    vi.advanceTimersByTime(30 * 86_400_000);
    expect(store.get()?.method).toBe('apiKey');
  });

  it('drops a stored session that has already expired when the app starts', () => {
    localStorage.setItem('imprint.session', JSON.stringify(session({ expiresAt: Date.now() - 1 })));
    const store = createSessionStore();
    expect(store.get()).toBeNull();
    expect(store.lastEndReason()).toBe('expired');
  });

  it('ignores a stored value that is not a session', () => {
    localStorage.setItem('imprint.session', '{"token": 5}');
    expect(createSessionStore().get()).toBeNull();
  });

  it('follows another tab: its sign-out ends this tab’s session', () => {
    const store = createSessionStore();
    store.start(session());
    localStorage.removeItem('imprint.session');
    window.dispatchEvent(new StorageEvent('storage', { key: 'imprint.session', newValue: null }));
    expect(store.get()).toBeNull();
    expect(store.lastEndReason()).toBe('signed-out-elsewhere');
  });

  it('follows another tab: its sign-in starts this tab’s session', () => {
    const store = createSessionStore();
    const value = session({ token: 'from-other-tab' });
    localStorage.setItem('imprint.session', JSON.stringify(value));
    window.dispatchEvent(new StorageEvent('storage', { key: 'imprint.session', newValue: JSON.stringify(value) }));
    expect(store.get()?.token).toBe('from-other-tab');
  });
});
