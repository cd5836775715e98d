import { canSwitchToRelay, relayInUse, relayUrl, switchToRelay } from './storage-relay';
import { classifyNetworkFailure, describeNetworkFailure, relayCanHelp, type ClassifyEnv } from './storage-failure';

/** A storage read that got no answer, with the words for why. */
export class StorageReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageReadError';
  }
}

/**
 * GETs a storage URL (a result ZIP, an image) the way uploads go: through the relay when it is in use; else directly,
 * switching to the relay when the storage refuses this origin and the mode allows. A refusal without an answer is
 * thrown as a `StorageReadError` that says which case it is.
 */
export async function fetchFromStorage(url: string, init: { signal?: AbortSignal } = {}, env?: ClassifyEnv): Promise<Response> {
  if (relayInUse()) return fetch(relayUrl(url), { signal: init.signal, credentials: 'same-origin' });
  try {
    return await fetch(url, { signal: init.signal, credentials: 'omit' });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    const failure = await classifyNetworkFailure(url, env);
    if (relayCanHelp(failure) && canSwitchToRelay()) {
      switchToRelay({ reason: failure.kind as 'csp' | 'cors' | 'mixed', origin: failure.origin });
      return fetch(relayUrl(url), { signal: init.signal, credentials: 'same-origin' });
    }
    throw new StorageReadError(describeNetworkFailure(failure));
  }
}
