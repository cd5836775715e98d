import type { Contract } from '@/api/schemas/auth';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatNumber } from '@/lib/format';
import { useRecentStats } from '../api/get-recent-stats';
import { estimateLimit } from '../lib/limit-estimate';
import { limitEstimateText } from '../lib/limit-estimate-text';
import { currentPlanUsage } from '../lib/usage-since';
import { PlanMeter, type PlanMeterProps } from './plan-meter';

const planName = (planType: string) => `${planType.charAt(0).toUpperCase()}${planType.slice(1)}`;

type PlanUsageProps = Omit<PlanMeterProps, 'contract'> & { contract: Contract | null };

/** The plan's usage against its limit, kept current from the orders list (see PlanMeter), and a labelled estimate. */
export function PlanUsage({ contract, ...meter }: PlanUsageProps) {
  if (!contract) {
    return (
      <Card title="Your plan">
        <Notice>
          Plan figures come with e-mail sign-in. You signed in with an API key, which does not carry your plan, limit
          or usage; sign in with your e-mail and password to see them here.
        </Notice>
      </Card>
    );
  }
  return (
    <Card title="Your plan">
      <p className="mb-3 text-sm">
        <span className="font-medium">{planName(contract.planType)} plan</span>, from {formatDate(contract.planStartDate)}{' '}
        {contract.planEndDate ? `to ${formatDate(contract.planEndDate)}` : '(no end date)'} · limit {formatNumber(contract.usageLimit)} files
      </p>
      <PlanMeter contract={contract} {...meter} />
      <LimitEstimateLine contract={{ ...contract, currentUsage: currentPlanUsage(contract.currentUsage, meter.since) }} />
    </Card>
  );
}

function LimitEstimateLine({ contract }: { contract: Contract }) {
  const stats = useRecentStats(undefined);
  return (
    <div className="mt-4 border-t border-zinc-200 pt-3 text-sm dark:border-zinc-800">
      <p className="font-medium">Estimate</p>
      {stats.isPending ? (
        <Skeleton className="mt-1 h-4 w-3/4" />
      ) : stats.isError ? (
        <ErrorAlert error={stats.error} title="The estimate needs the last 7 days’ figures, which could not be loaded." onRetry={() => void stats.refetch()} />
      ) : (
        <p data-testid="limit-estimate">
          {limitEstimateText(estimateLimit(contract, stats.data.dailyStats.map((day) => day.usageCount), Date.now()))}
        </p>
      )}
    </div>
  );
}
