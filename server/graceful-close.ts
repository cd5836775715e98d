import type { Server } from 'node:net';
import type { Socket } from 'node:net';
import type { Http2Session } from 'node:http2';

/** How long a stopping server lets requests in flight finish (issue 26: "up to 10 s"). */
export const DRAIN_GRACE_MS = 10_000;

export interface Drain {
  /** Requests whose answer has not finished. */
  inFlight: () => number;
  draining: () => boolean;
  /**
   * Stops accepting connections, lets the requests in flight finish for up to `graceMs`, then closes what is left.
   * Resolves with how many requests were cut off (0 when every one finished).
   */
  close: (graceMs?: number) => Promise<{ cutOff: number }>;
}

/**
 * Graceful stop for the node http, https or http2 server @hono/node-server made. Node's own `close()` stops listening
 * but keeps idle keep-alive sockets (and HTTP/2 sessions) open, and `closeAllConnections()` cuts the requests in
 * flight: neither is a drain. So requests and sockets are counted here. While draining, HTTP/1.1 answers carry
 * `Connection: close` (see `draining()`), and HTTP/2 sessions get a GOAWAY, so clients open their next request
 * elsewhere.
 */
export function trackForDrain(server: Server): Drain {
  const sockets = new Set<Socket>();
  const sessions = new Set<Http2Session>();
  let active = 0;
  let draining = false;
  let onIdle: (() => void) | undefined;

  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
    if (draining) session.close();
  });
  server.on('request', (_req: unknown, res: { once: (event: 'close', listener: () => void) => void }) => {
    active += 1;
    res.once('close', () => {
      active -= 1;
      if (active === 0) onIdle?.();
    });
  });

  return {
    inFlight: () => active,
    draining: () => draining,
    close: async (graceMs = DRAIN_GRACE_MS) => {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.close();
      let cutOff = 0;
      if (active > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            cutOff = active;
            resolve();
          }, graceMs);
          onIdle = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      // Every socket left is idle now (or out of time).
      for (const session of sessions) session.destroy();
      for (const socket of sockets) socket.destroy();
      await closed;
      return { cutOff };
    },
  };
}
