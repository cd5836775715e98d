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

/** Side of the row's preview in pixels: the thumbnail's 48 CSS px at 2× density. */
const PREVIEW_PX = 96;

/**
 * The decoded image, cropped to its centre square (the thumbnail is `object-cover`) and drawn at
 * PREVIEW_PX, as a small WebP (PNG where WebP cannot be written). Null where OffscreenCanvas is missing.
 */
async function previewOf(bitmap: ImageBitmap): Promise<Blob | undefined> {
  if (typeof OffscreenCanvas !== 'function') return undefined;
  const side = Math.min(bitmap.width, bitmap.height);
  const canvas = new OffscreenCanvas(PREVIEW_PX, PREVIEW_PX);
  const context = canvas.getContext('2d');
  if (!context || side === 0) return undefined;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, PREVIEW_PX, PREVIEW_PX);
  return canvas.convertToBlob({ type: 'image/webp', quality: 0.8 });
}

const deps = {
  // The full decode is the check; the preview is drawn from the same decoded image, so the page never
  // decodes a full-size file for its row (100 of them took the main thread's time while uploading).
  decode: async (blob: Blob) => {
    const bitmap = await createImageBitmap(blob);
    try {
      return await previewOf(bitmap).catch(() => undefined);
    } finally {
      bitmap.close();
    }
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
