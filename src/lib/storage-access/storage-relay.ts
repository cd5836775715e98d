/**
 * Whether storage requests go through the dashboard server's relay (server/upload-relay.ts,
 * docs/decisions/upload-relay.md). The server names its mode in a meta tag of index.html (UPLOAD_RELAY):
 * - `always`: every storage request is relayed;
 * - `auto`: direct first; when the storage refuses this origin (CORS) or this page's CSP refuses the storage, the
 *   page switches to the relay for the rest of the browser session (sessionStorage) and says so once;
 * - `never` (also when there is no meta tag, as under Vite's dev server, which has no relay): always direct.
 */
export type RelayMode = 'auto' | 'always' | 'never';
export type RelayReason = 'csp' | 'cors' | 'mixed';

export interface RelaySwitch {
  reason: RelayReason;
  /** The storage origin that was refused. */
  origin: string;
}

export const RELAY_PATH = '/_relay';
const META_NAME = 'imprint-upload-relay';
const SESSION_KEY = 'imprint.storage-relay';

let modeOverride: RelayMode | null = null;
/** The switch made in this page (not one read back from the session): the one the page announces. */
let announced: RelaySwitch | null = null;
const listeners = new Set<() => void>();

export function relayMode(): RelayMode {
  if (modeOverride) return modeOverride;
  const content = typeof document === 'undefined' ? null : document.querySelector(`meta[name="${META_NAME}"]`)?.getAttribute('content');
  return content === 'auto' || content === 'always' ? content : 'never';
}

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The session's switch to the relay, if one was made. */
export function relaySwitch(): RelaySwitch | null {
  try {
    const stored = JSON.parse(session()?.getItem(SESSION_KEY) ?? 'null') as RelaySwitch | null;
    return stored && typeof stored.origin === 'string' && ['csp', 'cors', 'mixed'].includes(stored.reason) ? stored : null;
  } catch {
    return null;
  }
}

/** Storage requests go through the relay now. */
export function relayInUse(): boolean {
  const mode = relayMode();
  return mode === 'always' || (mode === 'auto' && relaySwitch() !== null);
}

/** Auto mode: a refusal the relay can get around. False when the relay is not there to switch to. */
export function canSwitchToRelay(): boolean {
  return relayMode() === 'auto';
}

/** Switches this browser session to the relay; the first switch is announced (see `announcedSwitch`). */
export function switchToRelay(change: RelaySwitch): void {
  if (!canSwitchToRelay()) return;
  const first = relaySwitch() === null;
  session()?.setItem(SESSION_KEY, JSON.stringify(change));
  if (first) {
    announced = change;
    for (const listener of listeners) listener();
  }
}

/** The switch this page made and should say once; null otherwise. */
export function announcedSwitch(): RelaySwitch | null {
  return announced;
}

export function subscribeRelaySwitch(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The same-origin relay URL for a storage URL. */
export function relayUrl(target: string): string {
  return `${RELAY_PATH}?url=${encodeURIComponent(target)}`;
}

/** Where to read a storage URL from now: through the relay when it is in use, else the URL itself. */
export function storageReadUrl(url: string): string {
  return relayInUse() ? relayUrl(url) : url;
}

/** Tests: a mode without a meta tag, and a clean session. */
export function resetRelayForTests(mode: RelayMode | null = null): void {
  modeOverride = mode;
  announced = null;
  session()?.removeItem(SESSION_KEY);
}
