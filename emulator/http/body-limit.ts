import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from './http-error';

/** JSON bodies and webhook test receiver bodies: far above any valid request, far below a memory problem. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * A refused body declared up to this size is drained after the answer (Node's default), not cut off: a peer still
 * sending when the connection closes gets a reset, not the 413, and a proxy in front (the dashboard server) saw a
 * "fetch failed" instead of the answer, depending on timing. Larger ones are cut off: reading them costs too much.
 */
const DRAIN_MAX = 8 * 1024 * 1024;

const tooLarge = (limit: number, drain = false) =>
  // Connection: close, so Node stops reading the rest of a huge body instead of draining it for keep-alive.
  new HttpError(413, 'PAYLOAD_TOO_LARGE', `The body is larger than ${Math.round(limit / 1024)} KiB`, undefined, drain ? undefined : { Connection: 'close' });

/**
 * Refuses a declared Content-Length over the limit before anything is read, on every route but storage (uploads
 * have their own, larger cap and drain their refusals). Bodies without a length are counted while read.
 */
export function bodyLimit(limit = JSON_BODY_LIMIT): MiddlewareHandler {
  return async (c, next) => {
    if (!c.req.path.startsWith('/storage/')) {
      const declared = Number(c.req.header('content-length') ?? 0);
      if (declared > limit) throw tooLarge(limit, declared <= DRAIN_MAX);
    }
    await next();
  };
}

/** The body as text, read chunk by chunk and abandoned as soon as it passes `limit` (never held whole beyond it). */
export async function readLimitedText(c: Context, limit = JSON_BODY_LIMIT): Promise<string> {
  const reader = c.req.raw.body?.getReader();
  if (!reader) return '';
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let part: ReadableStreamReadResult<Uint8Array>;
    try {
      part = await reader.read();
    } catch {
      throw new HttpError(400, 'VALIDATION_FAILED', 'The body broke off before it was complete');
    }
    if (part.done) break;
    size += part.value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    parts.push(part.value);
  }
  return Buffer.concat(parts).toString('utf8');
}
