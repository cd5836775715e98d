import type { QueryClient } from '@tanstack/react-query';
import { configureApiClient } from '@/api/client';
// The words for every error code beyond the sign-in ones (the app catalog) join here, with the app.
import '@/api/error-words';
import { RATE_LIMITS_PER_MINUTE } from '@/api/limits';
import { sessionStore } from '@/features/auth/hooks/use-session';
import { configureOrdersCopy, fingerprint, loadOrdersCopy } from '@/features/orders/lib/history/orders-copy-config';

/** The one place that handles a 401: the session ends (with why), cached data goes, the guard sends the user to sign in. */
export function wireApiClient(queryClient: QueryClient): void {
  configureApiClient({
    getToken: () => sessionStore.get()?.token ?? null,
    onSessionEnded: (code) => {
      sessionStore.end(code === 'AUTH_TOKEN_EXPIRED' ? 'expired' : 'rejected');
    },
  });
  // The local copy of the orders belongs to one account: a user id after e-mail sign-in, else the key's fingerprint.
  configureOrdersCopy({
    account: () => {
      const session = sessionStore.get();
      if (session?.account) return `user:${session.account.user.id}`;
      return `key:${fingerprint(session?.token ?? '')}`;
    },
    planLimit: () => {
      const plan = sessionStore.get()?.account?.contract.planType;
      return plan && plan in RATE_LIMITS_PER_MINUTE ? RATE_LIMITS_PER_MINUTE[plan as keyof typeof RATE_LIMITS_PER_MINUTE] : RATE_LIMITS_PER_MINUTE.free;
    },
  });
  // Whatever ends the session (401, expiry timer, another tab) leaves no account data behind, on disk neither.
  sessionStore.subscribe(() => {
    if (!sessionStore.get()) {
      queryClient.clear();
      void loadOrdersCopy()
        .then(({ clearOrdersCopy }) => clearOrdersCopy())
        .catch(() => {});
    }
  });
}
