import { AccountDetails, ApiKeyAccountNotice } from '@/features/account/components/account-details';
import { useSession } from '@/features/auth/session';
import { useUsageSinceSignIn } from '@/features/orders/hooks/use-order-figures';
import { PlanMeter } from '@/features/stats/components/plan-meter';

export function Component() {
  const session = useSession();
  const since = useUsageSinceSignIn(session?.signedInAt ?? Date.now());
  if (!session) return null;
  if (!session.account) return <ApiKeyAccountNotice apiKey={session.token} />;
  return (
    <AccountDetails
      account={session.account}
      planMeter={
        <PlanMeter
          contract={session.account.contract}
          readAt={session.signedInAt}
          since={since.data}
          sinceFailed={since.isError}
          onRetrySince={() => void since.refetch()}
        />
      }
    />
  );
}
