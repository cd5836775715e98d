import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Contract } from '@/api/schemas/auth';
import { Button } from '@/components/ui/form/button';
import { Time } from '@/components/ui/data/time';
import { UsageMeter } from '@/components/ui/feedback/usage-meter';
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
 * Each state is one whole sentence (not a shared opening plus endings), so each language words it its own way.
 */
export function PlanMeter({ contract, readAt, since, sinceFailed = false, onRetrySince }: PlanMeterProps) {
  const { t } = useLingui();
  const used = currentPlanUsage(contract.currentUsage, since);
  const atSignIn = contract.currentUsage;
  const signIn = <Time value={readAt} />;
  let source;
  if (since && since.orders === 0) {
    source = (
      <Trans>
        Usage as of sign-in (<Plural value={atSignIn} one="# file" other="# files" />, {signIn}); no order has finished since, by your orders list. It
        updates when an order finishes.
      </Trans>
    );
  } else if (since) {
    const { files, orders } = since;
    source = since.complete ? (
      <Trans>
        Usage as of sign-in (<Plural value={atSignIn} one="# file" other="# files" />, {signIn}) plus <Plural value={files} one="# file" other="# files" />{' '}
        of <Plural value={orders} one="# order" other="# orders" /> finished since, counted from your orders list. It updates when an order finishes.
      </Trans>
    ) : (
      <Trans>
        Usage as of sign-in (<Plural value={atSignIn} one="# file" other="# files" />, {signIn}) plus at least{' '}
        <Plural value={files} one="# file" other="# files" /> of <Plural value={orders} one="# order" other="# orders" /> finished since, counted from
        your orders list. It updates when an order finishes.
      </Trans>
    );
  } else if (sinceFailed) {
    source = (
      <>
        <Trans>
          Usage as of sign-in (<Plural value={atSignIn} one="# file" other="# files" />, {signIn}). The orders finished since could not be read, so this
          may be low.
        </Trans>{' '}
        {onRetrySince && (
          <Button variant="ghost" size="sm" onClick={onRetrySince}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </>
    );
  } else {
    source = (
      <Trans>
        Usage as of sign-in (<Plural value={atSignIn} one="# file" other="# files" />, {signIn}); adding the orders finished since…
      </Trans>
    );
  }
  return (
    <div>
      <UsageMeter used={used} limit={contract.usageLimit} label={t`Files processed this plan`} />
      <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400" data-testid="plan-usage-source">
        {source}
      </p>
    </div>
  );
}
