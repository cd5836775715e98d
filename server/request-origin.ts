import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * Who sent a request and how, as the access log, the headers forwarded to the service and any HTTPS decision see it.
 * Behind a reverse proxy the socket's peer is the proxy: with `TRUST_PROXY` set to the number of proxies in front,
 * the client is read from X-Forwarded-For (that many entries from the right, so a client cannot put an address of
 * its own choosing in front of the proxy's) and the scheme from X-Forwarded-Proto. Without the setting both
 * headers are ignored and dropped: anyone can send them.
 */
export interface RequestOrigin {
  /** The client's address as far as we trust the chain. */
  clientAddress: string;
  /** The addresses the request passed through, client first, ending with our own peer: the X-Forwarded-For to send on. */
  forwardedFor: string[];
  /** `https` or `http`, as the browser used it. */
  proto: 'http' | 'https';
  /** The host the browser asked for. */
  host: string | undefined;
}

/** TRUST_PROXY: `0`/`false` (default) trusts no forwarding header, `true` one proxy, a number that many proxies. */
export function parseTrustProxy(value: string | undefined): number | undefined {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return 0;
  if (text === 'true') return 1;
  return /^\d{1,2}$/.test(text) ? Number(text) : undefined;
}

/** The last comma-separated value of a header that may repeat (the one our nearest proxy wrote). */
const lastValue = (header: string | undefined) => header?.split(',').map((v) => v.trim()).filter(Boolean).at(-1);

function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.fetch called without a socket (tests)
  }
}

export function requestOrigin(c: Context, trustedProxies: number, tls: boolean): RequestOrigin {
  const peer = peerAddress(c);
  const ownProto = tls ? 'https' : 'http';
  if (trustedProxies <= 0) return { clientAddress: peer, forwardedFor: [peer], proto: ownProto, host: c.req.header('host') };
  const claimed = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...claimed, peer];
  const forwardedProto = lastValue(c.req.header('x-forwarded-proto'))?.toLowerCase();
  return {
    clientAddress: chain[Math.max(0, chain.length - 1 - trustedProxies)]!,
    forwardedFor: chain,
    proto: forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : ownProto,
    host: lastValue(c.req.header('x-forwarded-host')) ?? c.req.header('host'),
  };
}
