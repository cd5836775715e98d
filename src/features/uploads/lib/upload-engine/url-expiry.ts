/**
 * What a presigned URL says about its own expiry. Formats read:
 * - S3 SigV2 / CloudFront: `expires` / `Expires` = unix seconds (absolute);
 * - S3 SigV4 (and this service's emulator, which signs in its shape): `X-Amz-Date` (yyyymmddThhmmssZ) +
 *   `X-Amz-Expires` (seconds);
 * - GCS V4: `X-Goog-Date` + `X-Goog-Expires`, same shapes;
 * - Azure SAS: `se` = ISO 8601 (date, minutes or seconds precision, UTC).
 * Absolute times are on the issuer's clock; a lifetime is not affected by clock skew.
 */
export interface UrlExpiry {
  /** When the URL stops working, ms since the epoch on the issuer's clock. */
  expiresAt: number;
  /** How long the URL lives from signing, when the URL says (S3, GCS). */
  lifetimeMs?: number;
}

const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

function compactDate(value: string): number | null {
  const m = COMPACT_DATE.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const time = Date.UTC(y, mo - 1, d, h, mi, s);
  return Number.isFinite(time) ? time : null;
}

function seconds(value: string | null, max = 10 ** 12): number | null {
  if (value === null || !/^\d{1,13}$/.test(value)) return null;
  const n = Number(value);
  return n <= max ? n : null;
}

/** Case-insensitive: signers differ in how they spell the names, and lowercased copies are common. */
function queryOf(url: URL): (name: string) => string | null {
  const lower = new Map<string, string>();
  for (const [key, value] of url.searchParams) if (!lower.has(key.toLowerCase())) lower.set(key.toLowerCase(), value);
  return (name) => lower.get(name.toLowerCase()) ?? null;
}

function signedWithLifetime(get: (name: string) => string | null, prefix: 'x-amz' | 'x-goog'): UrlExpiry | null {
  const date = get(`${prefix}-date`);
  // S3 caps SigV4 presigned URLs at 7 days; anything larger is not a lifetime we understand.
  const lifetime = seconds(get(`${prefix}-expires`), 7 * 24 * 3600);
  if (date === null || lifetime === null) return null;
  const signedAt = compactDate(date);
  if (signedAt === null) return null;
  return { expiresAt: signedAt + lifetime * 1000, lifetimeMs: lifetime * 1000 };
}

/** Azure accepts `YYYY-MM-DD`, `YYYY-MM-DDThh:mmZ` and `YYYY-MM-DDThh:mm:ssZ` (UTC). */
function azureTime(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z)?$/.test(value)) return null;
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isFinite(time) ? time : null;
}

export function parseUrlExpiry(url: string): UrlExpiry | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const get = queryOf(parsed);
  const signed = signedWithLifetime(get, 'x-amz') ?? signedWithLifetime(get, 'x-goog');
  if (signed) return signed;
  const absolute = seconds(get('expires'));
  if (absolute !== null) return { expiresAt: absolute * 1000 };
  // `se` alone is too short a name to trust; a SAS always carries its signature `sig` too.
  const se = get('se');
  if (se !== null && get('sig') !== null) {
    const time = azureTime(se);
    if (time !== null) return { expiresAt: time };
  }
  return null;
}
