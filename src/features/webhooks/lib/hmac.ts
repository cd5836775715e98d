/** HMAC-SHA256 of the raw body as lowercase hex, computed in the browser with WebCrypto (the secret never leaves it). */
export async function hmacSha256Hex(secret: string, body: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(body));
  return Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Receivers may send "sha256=<hex>"; compare the hex part, case-insensitively. */
export function normaliseSignature(signature: string): string {
  return signature.trim().replace(/^sha256=/i, '').toLowerCase();
}
