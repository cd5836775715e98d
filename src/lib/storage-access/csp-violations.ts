/**
 * Content-Security-Policy refusals this page has seen, by origin. The browser gives a blocked request no answer at
 * all (the same network error as a CORS refusal or a dead network); only the `securitypolicyviolation` event tells
 * them apart, so it is recorded from the moment this module loads, before any storage request is made.
 */
export interface CspViolation {
  origin: string;
  directive: string;
  at: number;
}

const seen = new Map<string, CspViolation>();

function originOf(uri: string): string | null {
  try {
    return new URL(uri, globalThis.location?.href).origin;
  } catch {
    return null;
  }
}

/** Records one violation (the listener's work; tests call it directly). */
export function recordCspViolation(event: Pick<SecurityPolicyViolationEvent, 'blockedURI' | 'effectiveDirective'>, now = Date.now()): void {
  const origin = originOf(event.blockedURI);
  if (origin && origin !== 'null') seen.set(origin, { origin, directive: event.effectiveDirective, at: now });
}

export function cspViolationFor(url: string): CspViolation | undefined {
  const origin = originOf(url);
  return origin ? seen.get(origin) : undefined;
}

export function forgetCspViolations(): void {
  seen.clear();
}

if (typeof document !== 'undefined') document.addEventListener('securitypolicyviolation', (event) => recordCspViolation(event));
