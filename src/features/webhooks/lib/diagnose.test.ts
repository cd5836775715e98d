import { describe, expect, it } from 'vitest';
import type { DeliveryAttempt } from '@/api/schemas/emulator';
import { diagnose, kindFromWords, summariseAttempts, type DiagnosisInput } from './diagnose';

const CREATED = '2026-11-23T10:02:00.000Z';
const at = (s: number) => new Date(Date.parse(CREATED) + s * 1000).toISOString();

function event(overrides: Partial<DiagnosisInput['event']> = {}): DiagnosisInput['event'] {
  return { id: 7, status: 'FAILED', retries: 3, createdAt: CREATED, lastSentAt: at(7), ...overrides };
}

function attempt(overrides: Partial<DeliveryAttempt> = {}): DeliveryAttempt {
  return { attempt: 1, startedAt: CREATED, durationMs: 12, statusCode: 500, error: null, responseExcerpt: null, ...overrides };
}

/** Four attempts that all got the same outcome, as the emulator records a FAILED event. */
function four(overrides: Partial<DeliveryAttempt>): DeliveryAttempt[] {
  return [1, 2, 3, 4].map((n) => attempt({ attempt: n, ...overrides }));
}

const withAttempts = (attempts: DeliveryAttempt[], e = event()) => diagnose({ webhookId: 3, event: e, attempts })!;
const TIMEOUT = { statusCode: null, error: 'timeout', errorKind: 'timeout' as const, durationMs: 5003 };

describe('diagnose: which events', () => {
  it('says nothing about SENT and PENDING events', () => {
    expect(diagnose({ webhookId: 3, event: event({ status: 'SENT' }), attempts: four({ statusCode: 200 }) })).toBeNull();
    expect(diagnose({ webhookId: 3, event: event({ status: 'PENDING', lastSentAt: null, retries: 0 }) })).toBeNull();
  });

  it('diagnoses a RETRYING event from its attempts so far', () => {
    const d = withAttempts([attempt({ ...TIMEOUT })], event({ status: 'RETRYING', retries: 0, lastSentAt: CREATED }));
    expect(d.cause).toBe('timeout');
    expect(d.evidence[0]).toBe('Attempt 1 of 1: timeout after 5003 ms.');
  });
});

describe('diagnose: network errors from the emulator', () => {
  it('timeout → answer at once, work in the background', () => {
    const d = withAttempts(four(TIMEOUT));
    expect(d).toMatchObject({ cause: 'timeout', title: 'Timeout: your server took longer than 5 s', certain: true });
    expect(d.fix).toBe('Answer 2xx at once and do the work in the background; the service waits at most 5 seconds.');
    expect(d.evidence).toContain('All 4 attempts: timeout.');
  });

  it('connection refused → start the server or fix the port', () => {
    const d = withAttempts(four({ statusCode: null, error: 'connection refused', errorKind: 'connection-refused' }));
    expect(d.cause).toBe('connection-refused');
    expect(d.fix).toMatch(/Start your server or fix the port/);
  });

  it('DNS → check the host name', () => {
    const d = withAttempts(four({ statusCode: null, error: 'DNS lookup failed', errorKind: 'dns' }));
    expect(d.cause).toBe('dns');
    expect(d.fix).toMatch(/host name/);
  });

  it('TLS → serve a valid certificate', () => {
    const d = withAttempts(four({ statusCode: null, error: 'TLS error', errorKind: 'tls' }));
    expect(d.cause).toBe('tls');
    expect(d.fix).toMatch(/certificate/);
  });

  it('connection reset → answer before closing', () => {
    expect(withAttempts(four({ statusCode: null, error: 'connection reset', errorKind: 'connection-reset' })).cause).toBe('connection-reset');
  });

  it('an unclassified error is shown in its own words', () => {
    const d = withAttempts(four({ statusCode: null, error: 'socket hang up weirdly', errorKind: 'other' }));
    expect(d.cause).toBe('network');
    expect(d.title).toBe('Network error: socket hang up weirdly');
  });

  it('reads old attempts without errorKind from their words', () => {
    expect(withAttempts(four({ statusCode: null, error: 'timeout' })).cause).toBe('timeout');
    expect(withAttempts(four({ statusCode: null, error: 'connection refused' })).cause).toBe('connection-refused');
  });
});

describe('diagnose: HTTP answers from the receiver', () => {
  it('3xx → the service does not follow redirects; register the final URL', () => {
    const d = withAttempts(four({ statusCode: 301, error: 'redirect not followed (301 → https://erp.example.com/hooks/)', errorKind: 'redirect' }));
    expect(d.cause).toBe('redirect');
    expect(d.title).toContain('301 → https://erp.example.com/hooks/');
    expect(d.fix).toContain('Change the webhook URL to the final address, https://erp.example.com/hooks/.');
  });

  it('3xx without a Location still says to register the final URL', () => {
    const d = withAttempts(four({ statusCode: 302, error: 'redirect not followed (302 → no Location)', errorKind: 'redirect' }));
    expect(d.fix).toMatch(/does not follow redirects/);
    expect(d.title).not.toContain('no Location');
  });

  it('401 → likely signature mismatch, with a link to the signature checker for this delivery', () => {
    const d = withAttempts(four({ statusCode: 401 }));
    expect(d.cause).toBe('signature-rejected');
    expect(d.title).toMatch(/signature/);
    expect(d.link).toEqual({ label: 'Debug the signature of this delivery', to: '/webhooks/signature-checker?webhookId=3&eventId=7' });
  });

  it('403 is read as a rejection too', () => {
    expect(withAttempts(four({ statusCode: 403 })).cause).toBe('signature-rejected');
  });

  it('404 → wrong path', () => {
    const d = withAttempts(four({ statusCode: 404 }));
    expect(d.cause).toBe('wrong-path');
    expect(d.fix).toMatch(/path/);
  });

  it('405 → the route does not accept POST', () => {
    expect(withAttempts(four({ statusCode: 405 })).cause).toBe('method-not-allowed');
  });

  it('410 → the endpoint is gone', () => {
    expect(withAttempts(four({ statusCode: 410 })).cause).toBe('gone');
  });

  it('413 → raise the body size limit', () => {
    const d = withAttempts(four({ statusCode: 413 }));
    expect(d.cause).toBe('too-large');
    expect(d.fix).toMatch(/body size limit/);
  });

  it('429 → exempt the route from rate limiting', () => {
    const d = withAttempts(four({ statusCode: 429 }));
    expect(d.cause).toBe('rate-limited');
    expect(d.fix).toMatch(/rate limiting/);
  });

  it('another 4xx → refused by your server, with its code', () => {
    const d = withAttempts(four({ statusCode: 422 }));
    expect(d.cause).toBe('client-error');
    expect(d.title).toBe('Refused by your server (HTTP 422)');
  });

  it('500 → your server failed; look at its logs', () => {
    const d = withAttempts(four({ statusCode: 500 }));
    expect(d.cause).toBe('server-error');
    expect(d.title).toBe('Your server failed (HTTP 500)');
    expect(d.fix).toMatch(/logs/);
  });

  it('502/503/504 → the app behind the proxy is down', () => {
    for (const code of [502, 503, 504]) expect(withAttempts(four({ statusCode: code })).cause).toBe('unavailable');
  });
});

describe('diagnose: attempts that disagree', () => {
  it('the last attempt decides, and the evidence tells the story', () => {
    const attempts = [
      attempt({ attempt: 1, ...TIMEOUT }),
      attempt({ attempt: 2, ...TIMEOUT }),
      attempt({ attempt: 3, ...TIMEOUT }),
      attempt({ attempt: 4, statusCode: null, error: 'connection refused', errorKind: 'connection-refused', durationMs: 2 }),
    ];
    const d = withAttempts(attempts);
    expect(d.cause).toBe('connection-refused');
    expect(d.evidence).toContain('The attempts disagree: 3 × timeout, then connection refused. The last one decides.');
  });

  it('summarises runs in order', () => {
    const f = (statusCode: number | null, error: string | null = null) => ({ kind: null, statusCode, error });
    expect(summariseAttempts([f(500), f(null, 'timeout'), f(null, 'timeout'), f(503)])).toBe('HTTP 500, then 2 × timeout, then HTTP 503');
  });
});

describe('diagnose: against a real service (no attempts)', () => {
  it('a failed Retry answer decides: its status code', () => {
    const d = diagnose({ webhookId: 3, event: event(), retryOutcome: { event_id: 'e', success: false, status_code: 404 } })!;
    expect(d.cause).toBe('wrong-path');
    expect(d.evidence).toEqual(['Your Retry just now: HTTP 404.']);
    expect(d.certain).toBe(true);
  });

  it('a failed Retry answer decides: its error words', () => {
    const d = diagnose({ webhookId: 3, event: event(), retryOutcome: { event_id: 'e', success: false, error: 'connect ECONNREFUSED 10.0.0.1:443' } })!;
    expect(d.cause).toBe('connection-refused');
  });

  it('all attempts waiting the full 5 s show in the timing: probably a timeout, not certain', () => {
    // 4 attempts × 5 s timeout with 1+2+4 s back-off: the last starts 22 s after creation.
    const d = diagnose({ webhookId: 3, event: event({ lastSentAt: at(22) }) })!;
    expect(d.cause).toBe('timeout');
    expect(d.certain).toBe(false);
    expect(d.title).toMatch(/^Probably a timeout/);
    expect(d.evidence).toContain('22.0 s from creation to the last attempt; the back-off alone is 7 s.');
  });

  it('quick failures leave the cause honestly unknown', () => {
    const d = diagnose({ webhookId: 3, event: event({ lastSentAt: at(7.2) }) })!;
    expect(d.cause).toBe('unknown');
    expect(d.certain).toBe(false);
    expect(d.title).toMatch(/^Cause unknown/);
    expect(d.fix).toMatch(/Retry/);
  });

  it('a RETRYING event with no retry yet is unknown', () => {
    expect(diagnose({ webhookId: 3, event: event({ status: 'RETRYING', retries: 0, lastSentAt: CREATED }) })!.cause).toBe('unknown');
  });
});

describe('kindFromWords', () => {
  it.each([
    ['The operation was aborted due to timeout', 'timeout'],
    ['connect ETIMEDOUT', 'timeout'],
    ['getaddrinfo ENOTFOUND erp.example.com', 'dns'],
    ['self signed certificate', 'tls'],
    ['read ECONNRESET', 'connection-reset'],
    ['something else', 'other'],
  ])('%s → %s', (words, kind) => {
    expect(kindFromWords(words)).toBe(kind);
  });
});
