import { useSession } from '@/features/auth/hooks/use-session';
import { useUsageSinceSignIn } from '@/features/orders/hooks/use-usage-since-sign-in';
import type { PlanMeterProps } from '@/features/stats/components/plan-meter';

/**
 * The plan meter's figures, composed here because they join two features: the usage the service reported at
 * sign-in (auth) plus the files of orders finished since (orders). Overview, Usage and Account show the same
 * meter, so they read it through this one hook and cannot disagree.
 */
export function usePlanMeter(): { readAt: number; contract: PlanMeterProps['contract'] | null; meter: Omit<PlanMeterProps, 'contract'> } {
  const session = useSession();
  const readAt = session?.signedInAt ?? Date.now();
  const since = useUsageSinceSignIn(readAt);
  return {
    readAt,
    contract: session?.account?.contract ?? null,
    meter: { readAt, since: since.data, sinceFailed: since.isError, onRetrySince: () => void since.refetch() },
  };
}
