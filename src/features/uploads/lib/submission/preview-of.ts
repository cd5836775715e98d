/** Longest side of the stored "before" preview: small enough that 40 of them fit in localStorage. */
const PREVIEW_SIZE = 160;

/**
 * A small JPEG data URL of an image file, made in the browser when the order is created (the service
 * keeps no original to show later). Null when the browser cannot decode the file (PDF, TIFF, …).
 */
export async function previewOf(file: File): Promise<string | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PREVIEW_SIZE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return null;
  }
}
