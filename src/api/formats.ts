/** Accepted file formats per order kind, from the interface notes. One place, so a change of the service is one edit. */
export const ANTI_AI_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const EMBED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const EXTRACT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff', 'tif', 'pdf'] as const;
export const ORIGINAL_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff', 'tif'] as const;

export const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
};

export const FILES_PER_ORDER_MAX = 100;
export const ORDER_NAME_MAX = 64;
export const WATERMARKS_PER_FILE_MAX = 10;
export const WATERMARK_TEXT_MAX = 1000;
export const FILE_NAME_MAX = 255;

/**
 * The file name a service keeps: what follows the last `/` or `\`, without control characters, trimmed. Folders in a
 * name (`../../tmp/x.png`, `/etc/cron.d/x.png`, `C:\x.png`) are dropped, so no archive entry can point outside its
 * folder (ZIP slip).
 */
export function baseFileName(fileName: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = fileName.replace(/[\u0000-\u001f\u007f]/g, '');
  return clean.slice(Math.max(clean.lastIndexOf('/'), clean.lastIndexOf('\\')) + 1).trim();
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function hasExtension(fileName: string, allowed: readonly string[]): boolean {
  return allowed.includes(extensionOf(fileName));
}

/** Upper-case format name as the extract response carries it (JPG, PNG, TIFF, PDF, ...). */
export function fileFormatOf(fileName: string): string {
  const ext = extensionOf(fileName);
  if (ext === 'jpeg') return 'JPG';
  if (ext === 'tif') return 'TIFF';
  return ext.toUpperCase();
}
