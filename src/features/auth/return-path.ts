/** Where to go after signing in: only paths of this app, never another origin. */
export function safeReturnPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next.startsWith('/sign-in')) return '/';
  return next;
}

export function signInPath(returnTo: string): string {
  return returnTo && returnTo !== '/' ? `/sign-in?next=${encodeURIComponent(returnTo)}` : '/sign-in';
}
