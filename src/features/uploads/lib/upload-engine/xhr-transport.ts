import { NetworkError, type UploadTransport } from './types';

/** Bodies of refusals are read for their error code; a few KB say all there is. */
const MAX_ERROR_BODY = 16 * 1024;

/**
 * XMLHttpRequest, not fetch: only XHR reports upload progress. No Authorization header, by contract. A request
 * that got no answer is classified (offline, CSP, CORS, unreachable) before it is reported: "network error" alone
 * tells a user nothing.
 */
export const xhrTransport: UploadTransport = {
  put({ url, body, contentType, signal, onProgress }) {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('PUT', url);
      xhr.setRequestHeader('Content-Type', contentType);
      xhr.upload.onprogress = (event) => onProgress(event.loaded);
      xhr.onload = () => {
        const ok = xhr.status >= 200 && xhr.status < 300;
        resolve(ok ? { status: xhr.status } : { status: xhr.status, body: xhr.responseText.slice(0, MAX_ERROR_BODY) });
      };
      xhr.onerror = () => {
        if (signal.aborted) return;
        // The classifier (and its probe) is fetched with the first failure, not with the page.
        void import('@/lib/storage-access/storage-failure')
          .then(({ classifyNetworkFailure }) => classifyNetworkFailure(url))
          .then(
            // eslint-disable-next-line lingui/no-unlocalized-strings -- for logs: the engine words the failure itself
            (failure) => reject(new NetworkError(`no answer from storage (${failure.kind})`, failure)),
            // eslint-disable-next-line lingui/no-unlocalized-strings -- for logs: the engine words the failure itself
            () => reject(new NetworkError('no answer from storage')),
          );
      };
      // eslint-disable-next-line lingui/no-unlocalized-strings -- for logs: the engine shows its own words for a network error
      xhr.ontimeout = () => reject(new NetworkError('The upload timed out'));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      if (signal.aborted) {
        reject(new DOMException('Aborted', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort());
      xhr.send(body);
    });
  },
};
