import { describe, expect, it } from 'vitest';
import { parseUrlExpiry } from './url-expiry';

const at = (iso: string) => Date.parse(iso);

describe('parseUrlExpiry', () => {
  it('reads an absolute Expires (unix seconds: S3 SigV2, CloudFront)', () => {
    expect(parseUrlExpiry('https://bucket.s3.amazonaws.com/a.png?AWSAccessKeyId=AK&Expires=1795000000&Signature=ab12')).toEqual({
      expiresAt: 1795000000 * 1000,
    });
  });

  it('reads the emulator’s URLs, which carry S3 SigV4 parameters in either storage mode', () => {
    const url =
      'http://127.0.0.1:8787/storage/uploads/ord_1/input-0/a.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=EMULATOR%2F20261123%2Flocal%2Fs3%2Faws4_request&X-Amz-Date=20261123T120000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=content-type%3Bhost&X-Amz-Signature=ab';
    expect(parseUrlExpiry(url)).toEqual({ expiresAt: at('2026-11-23T12:15:00Z'), lifetimeMs: 900_000 });
  });

  it('reads S3 SigV4 date + lifetime, whatever the case of the names', () => {
    const url =
      'https://bucket.s3.amazonaws.com/a.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20261123T120000Z&X-Amz-Expires=900&X-Amz-Signature=ff';
    expect(parseUrlExpiry(url)).toEqual({ expiresAt: at('2026-11-23T12:15:00Z'), lifetimeMs: 900_000 });
    expect(parseUrlExpiry(url.toLowerCase().replace('20261123t120000z', '20261123T120000Z'))).toEqual({
      expiresAt: at('2026-11-23T12:15:00Z'),
      lifetimeMs: 900_000,
    });
  });

  it('reads GCS V4 date + lifetime', () => {
    const url = 'https://storage.googleapis.com/b/a.png?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Date=20261123T120000Z&X-Goog-Expires=60&X-Goog-Signature=ab';
    expect(parseUrlExpiry(url)).toEqual({ expiresAt: at('2026-11-23T12:01:00Z'), lifetimeMs: 60_000 });
  });

  it('reads Azure SAS se in its three precisions', () => {
    const base = 'https://acct.blob.core.windows.net/c/a.png?sv=2022-11-02&sp=cw&sig=abc%3D&se=';
    expect(parseUrlExpiry(`${base}2026-11-23T12%3A30%3A15Z`)).toEqual({ expiresAt: at('2026-11-23T12:30:15Z') });
    expect(parseUrlExpiry(`${base}2026-11-23T12:30Z`)).toEqual({ expiresAt: at('2026-11-23T12:30:00Z') });
    expect(parseUrlExpiry(`${base}2026-11-24`)).toEqual({ expiresAt: at('2026-11-24T00:00:00Z') });
  });

  it('returns null when the URL says nothing usable', () => {
    expect(parseUrlExpiry('https://store.example/a.png?sig=abc')).toBeNull();
    expect(parseUrlExpiry('https://store.example/a.png?se=2026-11-24')).toBeNull(); // no SAS signature: not a SAS
    expect(parseUrlExpiry('https://store.example/a.png?expires=tomorrow')).toBeNull();
    expect(parseUrlExpiry('https://store.example/a.png?X-Amz-Date=2026-11-23&X-Amz-Expires=900')).toBeNull();
    expect(parseUrlExpiry('https://store.example/a.png?X-Amz-Date=20261123T120000Z&X-Amz-Expires=99999999')).toBeNull();
    expect(parseUrlExpiry('not a url')).toBeNull();
  });
});
