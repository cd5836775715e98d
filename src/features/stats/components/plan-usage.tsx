import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Contract } from '@/api/schemas/auth';
import { Card } from '@/components/ui/layout/card';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { formatDate } from '@/lib/format';
import { useRecentStats } from '../api/get-recent-stats';
import { estimateLimit } from '../lib/limit-estimate';
import { limitEstimateText } from '../lib/limit-estimate-text';
import { currentPlanUsage } from '../lib/usage-since';
import { PlanMeter, type PlanMeterProps } from './plan-meter';

// The glossary's plan names (§ 4): "free" is a word (무료 / 無料); Pro and Enterprise stay as they are.
const PLAN_NAMES: Record<string, MessageDescriptor> = { free: msg`Free`, pro: msg`Pro`, enterprise: msg`Enterprise` };

type PlanUsageProps = Omit<PlanMeterProps, 'contract'> & { contract: Contract | null };

/** The plan's usage against its limit, kept current from the orders list (see PlanMeter), and a labelled estimate. */
export function PlanUsage({ contract, ...meter }: PlanUsageProps) {
  const { i18n, t } = useLingui();
  if (!contract) {
    return (
      <Card title={t`Your plan`}>
        <Notice>
          <Trans>
            Plan figures come with e-mail sign-in. You signed in with an API key, which does not carry your plan, limit or usage; sign in with your
            e-mail and password to see them here.
          </Trans>
        </Notice>
      </Card>
    );
  }
  const known = PLAN_NAMES[contract.planType];
  // A plan the glossary does not know is shown as the service names it, capitalised.
  const plan = known ? i18n._(known) : `${contract.planType.charAt(0).toUpperCase()}${contract.planType.slice(1)}`;
  const start = formatDate(contract.planStartDate);
  const end = contract.planEndDate ? formatDate(contract.planEndDate) : null;
  const limit = contract.usageLimit;
  return (
    <Card title={t`Your plan`}>
      <p className="mb-3 text-sm">
        {end ? (
          <Trans>
            <span className="font-medium">{plan} plan</span>, from {start} to {end} · limit <Plural value={limit} one="# file" other="# files" />
          </Trans>
        ) : (
          <Trans>
            <span className="font-medium">{plan} plan</span>, from {start} (no end date) · limit <Plural value={limit} one="# file" other="# files" />
          </Trans>
        )}
      </p>
      <PlanMeter contract={contract} {...meter} />
      <LimitEstimateLine contract={{ ...contract, currentUsage: currentPlanUsage(contract.currentUsage, meter.since) }} />
    </Card>
  );
}

function LimitEstimateLine({ contract }: { contract: Contract }) {
  const { t } = useLingui();
  const stats = useRecentStats(undefined);
  return (
    <div className="mt-4 border-t border-zinc-200 pt-3 text-sm dark:border-zinc-800">
      <p className="font-medium">
        <Trans>Estimate</Trans>
      </p>
      {stats.isPending ? (
        <Skeleton className="mt-1 h-4 w-3/4" />
      ) : stats.isError ? (
        <ErrorAlert error={stats.error} title={t`The estimate needs the last 7 days’ figures, which could not be loaded.`} onRetry={() => void stats.refetch()} />
      ) : (
        <p data-testid="limit-estimate">
          {limitEstimateText(estimateLimit(contract, stats.data.dailyStats.map((day) => day.usageCount), Date.now()))}
        </p>
      )}
    </div>
  );
}
