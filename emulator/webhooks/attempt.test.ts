import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { attemptDelivery, describeNetworkError } from './attempt';

/** A port that was free a moment ago: nothing listens there, so a connection is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const request = (url: string) => ({ url, headers: { 'Content-Type': 'application/json' }, body: '{}' });

const kindOf = (error: unknown) => describeNetworkError(error).errorKind;

describe('errorKind', () => {
  it('is recorded as a value for every network error kind, beside the words', () => {
    expect(kindOf(Object.assign(new Error('t'), { name: 'TimeoutError' }))).toBe('timeout');
    expect(kindOf(new Error('x', { cause: { code: 'ECONNREFUSED' } }))).toBe('connection-refused');
    expect(kindOf(new Error('x', { cause: { code: 'ENOTFOUND' } }))).toBe('dns');
    expect(kindOf(new Error('x', { cause: { code: 'CERT_HAS_EXPIRED' } }))).toBe('tls');
    expect(kindOf(new Error('x', { cause: { code: 'ECONNRESET' } }))).toBe('connection-reset');
    expect(describeNetworkError(new Error('x', { cause: { code: 'ECONNREFUSED' } })).error).toBe('connection refused');
  });

  it('is other for an error of no known kind, with its own words', () => {
    expect(describeNetworkError(new Error('x', { cause: { message: 'socket hang up' } }))).toEqual({ errorKind: 'other', error: 'socket hang up' });
  });

  it('classifies a real refused connection', async () => {
    const outcome = await attemptDelivery(request(`http://127.0.0.1:${await closedPort()}/hook`));
    expect(outcome.success).toBe(false);
    expect(outcome.errorKind).toBe('connection-refused');
  });
});
