import { useSyncExternalStore } from 'react';
import { createSessionStore, type SessionStore } from '../lib/session-store';

/** The app's one session; tests build their own with createSessionStore. */
export const sessionStore: SessionStore = createSessionStore();

export function useSession() {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
