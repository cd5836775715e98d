import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { attemptDelivery, attemptErrorKind, errorKind } from './attempt';

/** A port that was free a moment ago: nothing listens there, so a connection is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const request = (url: string) => ({ url, headers: { 'Content-Type': 'application/json' }, body: '{}' });

describe('attemptErrorKind', () => {
  it('turns the recorded words of every network error kind back into its kind', () => {
    expect(attemptErrorKind(errorKind(Object.assign(new Error('t'), { name: 'TimeoutError' })))).toBe('timeout');
    expect(attemptErrorKind(errorKind(new Error('x', { cause: { code: 'ECONNREFUSED' } })))).toBe('connection-refused');
    expect(attemptErrorKind(errorKind(new Error('x', { cause: { code: 'ENOTFOUND' } })))).toBe('dns');
    expect(attemptErrorKind(errorKind(new Error('x', { cause: { code: 'CERT_HAS_EXPIRED' } })))).toBe('tls');
    expect(attemptErrorKind(errorKind(new Error('x', { cause: { code: 'ECONNRESET' } })))).toBe('connection-reset');
  });

  it('reads old rows: redirects by their prefix, unknown words as other, no error as null', () => {
    expect(attemptErrorKind('redirect not followed (301 → https://example.com/b)')).toBe('redirect');
    expect(attemptErrorKind('socket hang up')).toBe('other');
    expect(attemptErrorKind(null)).toBeNull();
  });

  it('classifies a real refused connection', async () => {
    const outcome = await attemptDelivery(request(`http://127.0.0.1:${await closedPort()}/hook`));
    expect(outcome.success).toBe(false);
    expect(attemptErrorKind(outcome.error)).toBe('connection-refused');
  });
});
