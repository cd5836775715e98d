import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { safeReturnPath } from '@/features/auth/lib/return-path';
import { useSession } from '@/features/auth/hooks/use-session';

/** Sign-in inside the running app (after a sign-out or an expiry); a cold visit draws src/app/first-load/sign-in instead. */
export function Component() {
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeReturnPath(params.get('next'));
  if (session) return <Navigate to={next} replace />;
  return <SignInPage onSignedIn={() => navigate(next, { replace: true })} />;
}
