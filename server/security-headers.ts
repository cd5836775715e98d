/**
 * Headers for every page the dashboard serves. Scripts only from our own
 * origin (no inline scripts); connections to our origin plus the storage
 * origins that presigned upload and download URLs point at.
 */
export function securityHeaders(storageOrigins: string[]): Record<string, string> {
  const extra = storageOrigins.join(' ');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // React and recharts set style attributes; no inline <style> or script is needed beyond that.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${extra}`.trim(),
    // blob: lets the browser read back its own previews (file checks, traces).
    `connect-src 'self' blob: ${extra}`.trim(),
    "font-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}
