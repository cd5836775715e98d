/**
 * Saves a Blob as a file through a temporary object URL. The URL is released a minute later: the download has its own
 * copy once started, and a large ZIP may take a moment before the browser starts reading it.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
