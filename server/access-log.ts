import type { Context, MiddlewareHandler } from 'hono';

/** Node's response, as @hono/node-server hands it over (HTTP/1.1 or the HTTP/2 compatibility layer). */
interface Outgoing {
  statusCode: number;
  headersSent: boolean;
  writableEnded: boolean;
  once(event: 'finish' | 'close', listener: () => void): unknown;
}

/** A client that went away before its answer was sent (nginx's convention; no HTTP answer carries it). */
export const CLIENT_CLOSED = 499;

const MAX_PATH = 300;

/**
 * One line per request once its answer is complete (or the client is gone):
 * `2026-11-26T17:02:03.123Z 203.0.113.7 GET /api/v2/orders 200 12ms`. The path only, never the query string: the
 * presigned storage URLs carry their signature there, and other URLs may carry a token. A client that went away is
 * logged with 499 and `client closed`.
 */
export function accessLog(write: (line: string) => void, clientAddress: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const method = c.req.method;
    // As sent, percent-encoded (c.req.path is decoded: a %0A would start a forged line), capped to one short line.
    const rawPath = new URL(c.req.url).pathname;
    const path = rawPath.length > MAX_PATH ? `${rawPath.slice(0, MAX_PATH)}…` : rawPath;
    const client = clientAddress(c);
    const line = (status: number, note = '') =>
      write(`${new Date().toISOString()} ${client} ${method} ${path} ${status} ${Math.round(performance.now() - started)}ms${note}`);
    const outgoing = (c.env as { outgoing?: Outgoing } | undefined)?.outgoing;
    if (!outgoing?.once) {
      await next();
      line(c.res.status);
      return;
    }
    // Measured until the last byte left (a streamed body, a proxied download), not until the handler returned.
    let finished = false;
    let allBytesSent = () => false;
    outgoing.once('finish', () => (finished = true));
    outgoing.once('close', () => {
      if (finished || outgoing.writableEnded || allBytesSent()) line(outgoing.statusCode);
      else line(outgoing.headersSent ? outgoing.statusCode : CLIENT_CLOSED, ' client closed');
    });
    await next();
    // A client that hangs up on the last byte (curl, Connection: close) can close the socket before the body's
    // stream has reported its end, so neither `finish` nor `end()` has happened: count the bytes against
    // Content-Length to tell that from a real hang-up.
    const declared = Number(c.res.headers.get('content-length') ?? Number.NaN);
    if (c.res.body && Number.isSafeInteger(declared)) {
      let sent = 0;
      const counter = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      c.res = new Response(c.res.body.pipeThrough(counter), c.res);
      allBytesSent = () => sent >= declared;
    }
  };
}
