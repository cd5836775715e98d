import type { RequestOrigin } from './request-origin';

/** Hop-by-hop headers (RFC 9110 §7.6.1) and others fetch refuses to send: they describe one connection, not the request. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect', 'http2-settings', 'host']);
/** Anyone can send these: what we pass on is what we know (request-origin.ts), never the client's claim. */
const FORWARDING = new Set(['forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-real-ip']);

/**
 * The request headers to pass upstream: end-to-end ones only. Passing `Connection`, `Upgrade` (curl --http2),
 * `Expect: 100-continue` (curl with a large body) or `Proxy-*` made fetch throw, and every such request a 500.
 */
export function forwardHeaders(incoming: Headers, forwardedHost: string | undefined, origin?: Pick<RequestOrigin, 'forwardedFor' | 'proto'>): Headers {
  const named = (incoming.get('connection') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const out = new Headers();
  incoming.forEach((value, name) => {
    if (HOP_BY_HOP.has(name) || FORWARDING.has(name) || name.startsWith('proxy-') || named.includes(name)) return;
    out.set(name, value);
  });
  if (forwardedHost) out.set('x-forwarded-host', forwardedHost);
  if (origin) {
    out.set('x-forwarded-for', origin.forwardedFor.join(', '));
    out.set('x-forwarded-proto', origin.proto);
  }
  return out;
}
