import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/form/button';
import { Notice } from '@/components/ui/feedback/notice';
import { formatNumber } from '@/lib/format';
import type { SyncProgress } from '../../lib/history/history-sync';

/** "about 4 minutes", "under a minute": the estimate is coarse, and says so. */
function EtaText({ etaMs }: { etaMs: number }) {
  const minutes = Math.ceil(etaMs / 60_000);
  if (etaMs < 60_000) return <Trans>under a minute left</Trans>;
  return <Plural value={minutes} one="about # minute left" other="about # minutes left" />;
}

/**
 * The walk that fills the local copy of the orders (lib/history/history-sync.ts): pages, orders and an estimate, with
 * Pause and Resume. A paused walk stays paused across reloads; it reads on from its page when resumed.
 */
export function OrdersWalkProgress({ progress, paused, onPause, onResume }: { progress: SyncProgress | null; paused: boolean; onPause: () => void; onResume: () => void }) {
  const { t } = useLingui();
  const pagesDone = formatNumber(progress?.pagesDone ?? 0);
  const totalPages = formatNumber(progress?.totalPages ?? 0);
  const ordersRead = progress?.orders ?? 0;
  if (paused) {
    return (
      <Notice>
        <p role="status" data-testid="history-paused">
          {progress ? (
            <Trans>
              Reading your orders is paused at page {pagesDone} of about {totalPages} (<Plural value={ordersRead} one="# order" other="# orders" /> kept on
              this device). The history needs every order of the period.
            </Trans>
          ) : (
            <Trans>Reading your orders is paused. The history needs every order of the period.</Trans>
          )}
        </p>
        <Button size="sm" variant="secondary" className="mt-2" onClick={onResume}>
          <Trans>Resume reading</Trans>
        </Button>
      </Notice>
    );
  }
  return (
    <div className="flex max-w-md flex-col gap-2 text-sm" data-testid="history-progress">
      <progress className="w-full" max={progress?.totalPages || 1} value={progress?.pagesDone ?? 0} aria-label={t`History loading progress`} />
      <p role="status">
        {progress ? (
          <Trans>
            Reading your orders, page {pagesDone} of about {totalPages}: <Plural value={ordersRead} one="# order" other="# orders" /> so far,{' '}
            <EtaText etaMs={progress.etaMs} />.
          </Trans>
        ) : (
          <Trans>Reading your orders…</Trans>
        )}
      </p>
      <p className="text-zinc-600 dark:text-zinc-400">
        <Trans>
          The orders are kept on this device, so the next visit reads only what is new. Reading uses at most half of your plan's requests a minute, so
          your own integration keeps working.
        </Trans>
      </p>
      <Button size="sm" variant="ghost" className="self-start" onClick={onPause}>
        <Trans>Pause reading</Trans>
      </Button>
    </div>
  );
}
