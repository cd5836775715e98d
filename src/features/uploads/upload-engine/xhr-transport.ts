import { NetworkError, type UploadTransport } from './types';

/** XMLHttpRequest, not fetch: only XHR reports upload progress. No Authorization header, by contract. */
export const xhrTransport: UploadTransport = {
  put({ url, body, contentType, signal, onProgress }) {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('PUT', url);
       
      xhr.setRequestHeader('Content-Type', contentType);
      xhr.upload.onprogress = (event) => onProgress(event.loaded);
      xhr.onload = () => resolve({ status: xhr.status });
      xhr.onerror = () => reject(new NetworkError());
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
