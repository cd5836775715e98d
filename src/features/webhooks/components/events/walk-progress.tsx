import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/form/button';
import { formatNumber } from '@/lib/format';
import type { WalkProgress } from '../../lib/walk-events';

/**
 * "Searching page 3 of 40…" (or "Reading…" for an export) with a Cancel button. The words are a polite status, so a
 * screen reader hears them without losing its place.
 */
export function WalkProgressLine({ progress, onCancel, reading = false }: { progress: WalkProgress; onCancel: () => void; reading?: boolean }) {
  const { t } = useLingui();
  // The page being read is the one after those done; before the first answer the page count is unknown.
  const page = formatNumber(Math.min(progress.pagesDone + 1, Math.max(progress.totalPages, 1)));
  const pages = formatNumber(progress.totalPages);
  const first = progress.totalPages === 0;
  const words = reading
    ? first
      ? t`Reading the first page…`
      : t`Reading page ${page} of ${pages}…`
    : first
      ? t`Searching the first page…`
      : t`Searching page ${page} of ${pages}…`;
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs" data-testid="walk-progress">
      <span role="status">{words}</span>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
    </p>
  );
}
