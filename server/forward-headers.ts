/** Hop-by-hop headers (RFC 9110 §7.6.1) and others fetch refuses to send: they describe one connection, not the request. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect', 'http2-settings', 'host']);

/**
 * The request headers to pass upstream: end-to-end ones only. Passing `Connection`, `Upgrade` (curl --http2),
 * `Expect: 100-continue` (curl with a large body) or `Proxy-*` made fetch throw, and every such request a 500.
 */
export function forwardHeaders(incoming: Headers, forwardedHost: string | undefined): Headers {
  const named = (incoming.get('connection') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const out = new Headers();
  incoming.forEach((value, name) => {
    if (HOP_BY_HOP.has(name) || name.startsWith('proxy-') || named.includes(name)) return;
    out.set(name, value);
  });
  if (forwardedHost) out.set('x-forwarded-host', forwardedHost);
  return out;
}
