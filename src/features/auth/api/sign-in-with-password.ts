import { login } from '@/api/auth';
import { useAsyncAction } from '@/lib/use-async-action';
import { sessionStore } from '../hooks/use-session';
import { expiryOf } from '../lib/session-store';

function startSession({ account, token }: Awaited<ReturnType<typeof login>>) {
  sessionStore.start({ token, expiresAt: expiryOf(token), method: 'password', signedInAt: Date.now(), account });
}

/** Not a react-query mutation: the sign-in page's first load has no query client (docs/decisions/bundle.md). */
export function useLogin() {
  return useAsyncAction(login, { onSuccess: startSession });
}
