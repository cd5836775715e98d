import type { Context } from 'hono';

export const HEALTH_TIMEOUT_MS = 3000;

/**
 * What /healthz checks: an unauthenticated read of the service's API. Any answer below 500 (401 without a token)
 * proves the service is there; a 5xx is its gateway speaking for a service that is not. Only the path is fixed here,
 * so a service that moves its health signal is a one-line change.
 */
const PROBE_PATH = '/api/v2/orders/stats/recent';

export type ApiHealth = { reachable: true; httpStatus: number; ms: number } | { reachable: false; reason: string; ms: number };

/** Why a fetch failed, in words without the URL or address (the body is public: no secrets, no internal names). */
function reasonOf(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const code = (error as { cause?: { code?: string } }).cause?.code;
  const words: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'host name not found',
    EAI_AGAIN: 'host name lookup failed',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    ETIMEDOUT: 'connection timed out',
  };
  if (code) return `${words[code] ?? 'could not connect'} (${code})`;
  if (/certificate|self.signed|TLS|SSL/i.test(String((error as { cause?: Error }).cause?.message ?? ''))) return 'TLS handshake failed';
  return 'could not connect';
}

/** One probe at a time: a load balancer polling every second never piles requests onto the service. */
export function apiHealthProbe(apiTarget: string, timeoutMs = HEALTH_TIMEOUT_MS): () => Promise<ApiHealth> {
  let running: Promise<ApiHealth> | undefined;
  const probe = async (): Promise<ApiHealth> => {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const res = await fetch(`${apiTarget}${PROBE_PATH}`, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      await res.body?.cancel();
      if (res.status >= 500) return { reachable: false, reason: `the service answered ${res.status}`, ms: ms() };
      return { reachable: true, httpStatus: res.status, ms: ms() };
    } catch (error) {
      return { reachable: false, reason: reasonOf(error, timeoutMs), ms: ms() };
    }
  };
  return () => (running ??= probe().finally(() => (running = undefined)));
}

/** GET /healthz: 200 when the service is reachable, 503 with the reason when not, or while the server is stopping. */
export function healthzHandler(check: () => Promise<ApiHealth>, isStopping: () => boolean) {
  return async (c: Context) => {
    c.header('Cache-Control', 'no-store');
    if (isStopping()) return c.json({ status: 'stopping' }, 503);
    const api = await check();
    return c.json({ status: api.reachable ? 'ok' : 'unavailable', api }, api.reachable ? 200 : 503);
  };
}
