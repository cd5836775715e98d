import type { Contract } from '@/api/schemas/auth';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { UsageMeter } from '@/components/ui/usage-meter';
import { formatDate, formatDateTime, formatNumber, formatRelative } from '@/lib/format';
import { useRecentStats } from '../api/get-recent-stats';
import { estimateLimit } from '../lib/limit-estimate';
import { limitEstimateText } from '../lib/limit-estimate-text';

const planName = (planType: string) => `${planType.charAt(0).toUpperCase()}${planType.slice(1)}`;

/**
 * The plan's usage against its limit. The figures come only from the login
 * body, so they are as of sign-in — said so, with how long ago that was.
 */
export function PlanUsage({ contract, readAt }: { contract: Contract | null; readAt: number }) {
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
      <UsageMeter used={contract.currentUsage} limit={contract.usageLimit} label="Files processed this plan" />
      <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
        Usage as of sign-in,{' '}
        <time dateTime={new Date(readAt).toISOString()} title={formatDateTime(readAt)}>
          {formatRelative(readAt)}
        </time>
        . Sign in again to refresh it.
      </p>
      <LimitEstimateLine contract={contract} readAt={readAt} />
    </Card>
  );
}

function LimitEstimateLine({ contract, readAt }: { contract: Contract; readAt: number }) {
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
          {limitEstimateText(estimateLimit(contract, stats.data.dailyStats.map((day) => day.usageCount), readAt))}
        </p>
      )}
    </div>
  );
}
