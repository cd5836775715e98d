import { AccountDetails, ApiKeyAccountNotice } from '@/features/account/components/account-details';
import { useSession } from '@/features/auth/hooks/use-session';
import { usePlanMeter } from '@/app/use-plan-meter';
import { PlanMeter } from '@/features/stats/components/plan-meter';

export function Component() {
  const session = useSession();
  const { meter } = usePlanMeter();
  if (!session) return null;
  if (!session.account) return <ApiKeyAccountNotice apiKey={session.token} />;
  return (
    <AccountDetails
      account={session.account}
      planMeter={<PlanMeter contract={session.account.contract} {...meter} />}
    />
  );
}
