import { useLingui } from '@lingui/react/macro';
import { useSession } from '@/features/auth/hooks/use-session';
import { fingerprint } from '@/features/orders/lib/history/orders-copy-config';

/**
 * Whose ledger of copies the tracing pages read, and how the evidence report names the account: the signed-in user
 * (id for the ledger, e-mail for the reader), else the API key's fingerprint (never the key). The same account key
 * as the orders copy (app/api-wiring.ts).
 */
export function useTracingAccount(): { ledger: string; label: string } {
  const { t } = useLingui();
  const session = useSession();
  if (session?.account) return { ledger: `user:${session.account.user.id}`, label: session.account.user.email };
  const key = fingerprint(session?.token ?? '');
  return { ledger: `key:${key}`, label: t`API key with fingerprint ${key}` };
}
