// Any origin that cannot be real: the return path is resolved against it and must stay on it.
const PROBE_ORIGIN = 'https://imprint.invalid';

/**
 * Where to go after signing in: only paths of this app, never another origin. Control characters are refused
 * outright: browsers drop tabs and newlines from URLs, so `/\t/evil.example` would become `//evil.example`. What is
 * left is resolved as a URL and must keep this origin (which also catches `//host` and `/\host`).
 */
export function safeReturnPath(next: string | null): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (!next || !next.startsWith('/') || /[\u0000-\u001f\u007f]/.test(next)) return '/';
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== PROBE_ORIGIN) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('/sign-in') ? '/' : path;
}

export function signInPath(returnTo: string): string {
  return returnTo && returnTo !== '/' ? `/sign-in?next=${encodeURIComponent(returnTo)}` : '/sign-in';
}
