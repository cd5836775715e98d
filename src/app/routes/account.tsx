import { AccountDetails, ApiKeyAccountNotice } from '@/features/account/components/account-details';
import { useSession } from '@/features/auth/session';

export function Component() {
  const session = useSession();
  if (!session) return null;
  if (!session.account) return <ApiKeyAccountNotice apiKey={session.token} />;
  return <AccountDetails account={session.account} readAt={session.signedInAt} />;
}
