import type { Handler } from 'hono';
import { HttpError } from './http-error';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A path's answer to every method it does not serve: 405 with an Allow header (HEAD with GET, OPTIONS always).
 * Chained right after the path's handlers, `.get('/', …).all(methodNotAllowed('GET'))`, so it covers that path
 * only and comes before any later parameterised sibling: PUT /orders/anti-ai is a 405, not a lookup of an order
 * called "anti-ai". List the methods in the order the path declares them: the Allow header keeps it.
 */
export function methodNotAllowed(...allowed: Method[]): Handler {
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  return (c) => {
    throw new HttpError(405, 'METHOD_NOT_ALLOWED', `${c.req.method} is not allowed here; use ${allowed.join(' or ')}`, undefined, { Allow: allow });
  };
}
