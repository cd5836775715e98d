import type { QueryClient } from '@tanstack/react-query';
import { configureApiClient } from '@/api/client';
// The words for every error code beyond the sign-in ones (the app catalog) join here, with the app.
import '@/api/error-words';
import { sessionStore } from '@/features/auth/session';

/** The one place that handles a 401: the session ends (with why), cached data goes, the guard sends the user to sign in. */
export function wireApiClient(queryClient: QueryClient): void {
  configureApiClient({
    getToken: () => sessionStore.get()?.token ?? null,
    onSessionEnded: (code) => {
      sessionStore.end(code === 'AUTH_TOKEN_EXPIRED' ? 'expired' : 'rejected');
    },
  });
  // Whatever ends the session (401, expiry timer, another tab) leaves no account data behind.
  sessionStore.subscribe(() => {
    if (!sessionStore.get()) queryClient.clear();
  });
}
