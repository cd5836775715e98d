import { checkFile, toHex, type FileCheckResult } from './file-check';

/** Decodes and hashes files off the main thread; all the rules live in ./file-check (unit tested). */
export interface CheckRequest {
  id: number;
  file: File;
}
export interface CheckResponse {
  id: number;
  result: FileCheckResult;
}

const scope = self as unknown as { onmessage: ((event: MessageEvent<CheckRequest>) => void) | null; postMessage: (message: CheckResponse) => void };

const deps = {
  decode: async (blob: Blob) => {
    const bitmap = await createImageBitmap(blob);
    bitmap.close();
  },
  digest: async (bytes: ArrayBuffer) => toHex(await crypto.subtle.digest('SHA-256', bytes)),
};

scope.onmessage = (event) => {
  const { id, file } = event.data;
  checkFile(file, deps).then(
    (result) => scope.postMessage({ id, result }),
    (error: unknown) =>
      scope.postMessage({ id, result: { ok: false, reason: { kind: 'readFailed', detail: error instanceof Error ? error.message : String(error) } } }),
  );
};
