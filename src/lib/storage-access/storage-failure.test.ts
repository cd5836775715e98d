import { afterEach, describe, expect, it } from 'vitest';
import { forgetCspViolations, recordCspViolation } from './csp-violations';
import { isExpiredUrlError, parseStorageError } from './s3-error';
import { classifyNetworkFailure, describeNetworkFailure, describeStorageRefusal, type ClassifyEnv } from './storage-failure';
import { resetRelayForTests } from './storage-relay';

const STORAGE = 'http://127.0.0.1:9000';

function env(overrides: Partial<ClassifyEnv> = {}): ClassifyEnv & { probes: string[] } {
  const probes: string[] = [];
  return {
    probes,
    online: () => true,
    pageOrigin: () => 'http://127.0.0.1:5173',
    probe: async (origin) => {
      probes.push(origin);
      return true;
    },
    settle: async () => {},
    ...overrides,
  };
}

afterEach(() => {
  forgetCspViolations();
  resetRelayForTests();
});

describe('classifyNetworkFailure', () => {
  it('says offline when the browser is, without probing', async () => {
    const e = env({ online: () => false });
    expect(await classifyNetworkFailure(`${STORAGE}/b/a.png?X-Amz-Signature=x`, e)).toEqual({ kind: 'offline', origin: STORAGE });
    expect(e.probes).toEqual([]);
  });

  it('names this page\'s CSP when a violation for the origin was seen', async () => {
    recordCspViolation({ blockedURI: STORAGE, effectiveDirective: 'connect-src' });
    expect(await classifyNetworkFailure(`${STORAGE}/b/a.png`, env())).toEqual({ kind: 'csp', origin: STORAGE });
  });

  it('counts a violation that arrives after the failure (seen by the time the probe is done)', async () => {
    const e = env({
      probe: async () => {
        recordCspViolation({ blockedURI: `${STORAGE}/`, effectiveDirective: 'connect-src' });
        return false;
      },
    });
    expect((await classifyNetworkFailure(`${STORAGE}/b/a.png`, e)).kind).toBe('csp');
  });

  it('does not blame the CSP for another origin\'s violation', async () => {
    recordCspViolation({ blockedURI: 'https://cdn.example.com/x.js', effectiveDirective: 'script-src' });
    expect((await classifyNetworkFailure(`${STORAGE}/b/a.png`, env())).kind).toBe('cors');
  });

  it('says CORS when online, no violation, and the origin answers a probe', async () => {
    const e = env();
    expect(await classifyNetworkFailure(`${STORAGE}/b/a.png`, e)).toEqual({ kind: 'cors', origin: STORAGE });
    expect(e.probes).toEqual([STORAGE]);
  });

  it('says unreachable when nothing answers the probe', async () => {
    expect((await classifyNetworkFailure(`${STORAGE}/b/a.png`, env({ probe: async () => false }))).kind).toBe('unreachable');
  });

  it('says mixed content for a plain-HTTP URL on an HTTPS page', async () => {
    expect((await classifyNetworkFailure(`${STORAGE}/b/a.png`, env({ pageOrigin: () => 'https://imprint.example.com' }))).kind).toBe('mixed');
  });
});

describe('the words', () => {
  it('name the origin and the setting to change', () => {
    resetRelayForTests('never');
    const csp = describeNetworkFailure({ kind: 'csp', origin: STORAGE });
    expect(csp).toContain(STORAGE);
    expect(csp).toContain('STORAGE_ORIGINS');
    const cors = describeNetworkFailure({ kind: 'cors', origin: STORAGE }, 'https://imprint.example.com');
    expect(cors).toMatch(/CORS rules do not allow https:\/\/imprint\.example\.com/);
    expect(cors).toContain('UPLOAD_RELAY=auto');
    expect(describeNetworkFailure({ kind: 'offline', origin: STORAGE })).toMatch(/offline/);
    for (const kind of ['csp', 'cors', 'offline', 'unreachable', 'mixed'] as const) {
      expect(describeNetworkFailure({ kind, origin: STORAGE })).not.toMatch(/^network error$/i);
    }
  });

  it('read S3\'s XML error for its code', () => {
    const expired = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Request has expired</Message><X-Amz-Expires>900</X-Amz-Expires></Error>';
    expect(parseStorageError(expired)).toEqual({ code: 'AccessDenied', message: 'Request has expired' });
    expect(isExpiredUrlError(parseStorageError(expired))).toBe(true);
    expect(describeStorageRefusal(403, expired, { renewed: true })).toBe('The upload link expired (AccessDenied: Request has expired) and a new one was refused too.');
    const signature = '<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>';
    expect(describeStorageRefusal(403, signature)).toMatch(/^The storage refused the link's signature \(SignatureDoesNotMatch: /);
    expect(describeStorageRefusal(403, '<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>')).toBe('The storage refused access (HTTP 403, AccessDenied: Access Denied).');
    expect(describeStorageRefusal(403, '')).toBe('The storage refused access (HTTP 403).');
  });

  it('read the relay\'s and the emulator\'s JSON codes', () => {
    expect(describeStorageRefusal(403, JSON.stringify({ code: 'RELAY_TARGET_REFUSED', message: 'x' }))).toContain('STORAGE_ORIGINS');
    expect(describeStorageRefusal(403, JSON.stringify({ code: 'UPLOAD_URL_EXPIRED', message: 'The URL has expired' }))).toBe('The link expired (UPLOAD_URL_EXPIRED: The URL has expired).');
    expect(describeStorageRefusal(413, JSON.stringify({ code: 'PAYLOAD_TOO_LARGE' }))).toContain('413');
    expect(parseStorageError('not xml')).toBeNull();
  });
});
