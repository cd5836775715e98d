/**
 * The code and message of a storage's error answer: S3's XML (`<Error><Code>AccessDenied</Code><Message>Request has
 * expired</Message>…`, also GCS's XML API) or a JSON `{ code, message }` (this dashboard server's relay, the emulator).
 */
export interface StorageErrorBody {
  code: string;
  message?: string;
}

const XML_TAG = (name: string) => new RegExp(`<${name}>([^<]{0,500})</${name}>`);

function unescapeXml(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

export function parseStorageError(body: string | null | undefined): StorageErrorBody | null {
  if (!body) return null;
  const text = body.trim().slice(0, 20_000);
  /* eslint-disable lingui/no-unlocalized-strings -- XML element names, not words */
  if (text.startsWith('<')) {
    const code = XML_TAG('Code').exec(text)?.[1];
    if (!code) return null;
    const message = XML_TAG('Message').exec(text)?.[1];
    return { code: unescapeXml(code.trim()), ...(message ? { message: unescapeXml(message.trim()) } : {}) };
  }
  /* eslint-enable lingui/no-unlocalized-strings */
  if (text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as { code?: unknown; message?: unknown; error?: { code?: unknown; message?: unknown } };
      const source = typeof json.code === 'string' ? json : json.error;
      if (source && typeof source.code === 'string') return { code: source.code, ...(typeof source.message === 'string' ? { message: source.message } : {}) };
    } catch {
      return null;
    }
  }
  return null;
}

/** S3 says "Request has expired" (AccessDenied) for an expired presigned URL; the emulator's JSON says *_URL_EXPIRED. */
export function isExpiredUrlError(error: StorageErrorBody | null): boolean {
  if (!error) return false;
  return /_URL_EXPIRED$/.test(error.code) || (error.code === 'AccessDenied' && /expired/i.test(error.message ?? '')) || error.code === 'ExpiredToken';
}
