import { relayCanHelp } from '@/lib/storage-access/network-failure';
import { canSwitchToRelay, relayInUse, relayUrl, switchToRelay } from '@/lib/storage-access/storage-relay';
import { NetworkError, type UploadTransport } from './types';
import { xhrTransport } from './xhr-transport';

/**
 * A transport that goes through the dashboard server's relay (docs/decisions/upload-relay.md) when the session uses
 * it, and in auto mode switches to it when the storage refuses this origin (CORS) or this page's CSP refuses the
 * storage. The engine keeps the presigned URL: each try wraps the current one, so retries and renewed URLs take the
 * same path, and progress and cancel are the XHR's own.
 */
export function relayingTransport(direct: UploadTransport): UploadTransport {
  return {
    async put(request) {
      if (relayInUse()) return direct.put({ ...request, url: relayUrl(request.url) });
      try {
        return await direct.put(request);
      } catch (error) {
        const failure = error instanceof NetworkError ? error.failure : undefined;
        if (!failure || !relayCanHelp(failure) || !canSwitchToRelay() || request.signal.aborted) throw error;
        switchToRelay({ reason: failure.kind as 'csp' | 'cors' | 'mixed', origin: failure.origin });
        request.onProgress(0);
        return direct.put({ ...request, url: relayUrl(request.url) });
      }
    },
  };
}

/** The browser's transport: XHR, through the relay when it must. */
export const storageTransport: UploadTransport = relayingTransport(xhrTransport);
