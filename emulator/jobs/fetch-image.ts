import sharp from 'sharp';

/** A URL-mode file that could not be fetched; the message becomes the order's errors text. */
export class FetchImageError extends Error {
  constructor(
    readonly code: 'IMAGE_DOWNLOAD_FAILED' | 'IMAGE_UNREADABLE' | 'IMAGE_TOO_LARGE',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The service downloads URL-mode images itself: http(s) only, a size cap, a
 * timeout, and the bytes must decode as an image. Redirects are followed.
 */
export async function fetchImage(url: string, limits: { maxBytes: number; timeoutMs: number }, stop: AbortSignal): Promise<Buffer> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FetchImageError('IMAGE_DOWNLOAD_FAILED', 'the image URL is not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new FetchImageError('IMAGE_DOWNLOAD_FAILED', 'the image URL must be http or https');
  }
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  let response: Response;
  try {
    response = await fetch(parsed, { signal: AbortSignal.any([timeout, stop]), redirect: 'follow' });
  } catch (error) {
    if (stop.aborted) throw error;
    if (timeout.aborted) throw new FetchImageError('IMAGE_DOWNLOAD_FAILED', `the image URL did not answer within ${limits.timeoutMs / 1000} s`);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new FetchImageError('IMAGE_DOWNLOAD_FAILED', `the image URL could not be reached (${cause})`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FetchImageError('IMAGE_DOWNLOAD_FAILED', `the image URL answered ${response.status}`);
  }
  const tooLarge = () =>
    new FetchImageError('IMAGE_TOO_LARGE', `the image at the URL is larger than ${Math.round(limits.maxBytes / 1048576)} MiB`);
  if (Number(response.headers.get('content-length') ?? 0) > limits.maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const reader = response.body?.getReader();
    for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
      const chunk = part.value;
      size += chunk.length;
      if (size > limits.maxBytes) {
        await reader!.cancel();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof FetchImageError || stop.aborted) throw error;
    if (timeout.aborted) throw new FetchImageError('IMAGE_DOWNLOAD_FAILED', `the image URL did not finish within ${limits.timeoutMs / 1000} s`);
    throw new FetchImageError('IMAGE_DOWNLOAD_FAILED', 'the image download broke off');
  }
  const bytes = Buffer.concat(chunks);
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
  } catch {
    throw new FetchImageError('IMAGE_UNREADABLE', 'the image URL did not return a readable image');
  }
  return bytes;
}
