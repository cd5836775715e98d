import { useEffect } from 'react';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { safeReturnPath } from '@/features/auth/lib/return-path';
import { useSession } from '@/features/auth/hooks/use-session';

/**
 * The sign-in screen of a cold visit without a session, drawn before the router and the
 * query client have loaded (docs/decisions/bundle.md). As soon as there is a session,
 * signed in here or in another tab, `onSession` hands over to the app at the return path.
 */
export function FirstLoadSignIn({ onSession }: { onSession: (returnTo: string) => void }) {
  const session = useSession();
  const next = safeReturnPath(new URLSearchParams(window.location.search).get('next'));
  useEffect(() => {
    if (session) onSession(next);
  }, [session, next, onSession]);
  return <SignInPage onSignedIn={() => onSession(next)} />;
}
