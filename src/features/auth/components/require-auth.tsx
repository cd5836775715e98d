import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../hooks/use-session';
import { signInPath } from '../lib/return-path';

/** Renders its children only with a session; otherwise sends the user to sign in and back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  return children;
}
