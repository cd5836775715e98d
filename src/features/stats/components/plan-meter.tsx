import type { Contract } from '@/api/schemas/auth';
import { Button } from '@/components/ui/button';
import { Time } from '@/components/ui/time';
import { UsageMeter } from '@/components/ui/usage-meter';
import { formatCount } from '@/lib/plural';
import { currentPlanUsage, type UsageSince } from '../lib/usage-since';

export interface PlanMeterProps {
  contract: Contract;
  /** When the login body (and its `currentUsage`) was read. */
  readAt: number;
  /** Files of orders finished since `readAt`; undefined while they are read or when they could not be. */
  since: UsageSince | undefined;
  sinceFailed?: boolean;
  onRetrySince?: () => void;
}

/**
 * The plan meter. The service reports usage only in the login body, so the figure is derived: that figure
 * plus the files of the orders finished since, from the orders list, and says so with when it was read.
 */
export function PlanMeter({ contract, readAt, since, sinceFailed = false, onRetrySince }: PlanMeterProps) {
  const used = currentPlanUsage(contract.currentUsage, since);
  const signIn = <Time value={readAt} />;
  return (
    <div>
      <UsageMeter used={used} limit={contract.usageLimit} label="Files processed this plan" />
      <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400" data-testid="plan-usage-source">
        Usage as of sign-in ({formatCount(contract.currentUsage, 'file', 'files')}, {signIn})
        {since && since.orders === 0 ? (
          <>; no order has finished since, by your orders list. It updates when an order finishes.</>
        ) : since ? (
          <>
            {' '}
            plus {since.complete ? '' : 'at least '}
            {formatCount(since.files, 'file', 'files')} of {formatCount(since.orders, 'order', 'orders')} finished since, counted from your orders list. It
            updates when an order finishes.
          </>
        ) : sinceFailed ? (
          <>
            . The orders finished since could not be read, so this may be low.{' '}
            {onRetrySince && (
              <Button variant="ghost" size="sm" onClick={onRetrySince}>
                Try again
              </Button>
            )}
          </>
        ) : (
          <>; adding the orders finished since…</>
        )}
      </p>
    </div>
  );
}
