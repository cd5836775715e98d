import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/form/button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { InlineStatus, useInlineStatus } from '@/components/ui/feedback/inline-status';
import { downloadFile } from '@/lib/csv';
import { formatNumber } from '@/lib/format';
import { useFetchAllOrders } from '../../api/get-all-orders';
import type { OrdersWalkFilter, WalkProgress } from '../../lib/walk-orders';
import { ordersCsv, ordersCsvName } from '../../lib/orders-csv';

type ExportState = { phase: 'idle' } | { phase: 'running'; progress: WalkProgress | null } | { phase: 'error'; error: unknown };

/**
 * "Export CSV": every order matching the list's filters (all pages, not the one on screen), from the local copy of
 * the orders (the one the usage history reads: after a history view, a page at most is read), with a progress bar
 * and Cancel while the copy is filled, then saved as a CSV file.
 */
export function ExportOrders({ filter, total }: { filter: OrdersWalkFilter; total: number | undefined }) {
  const { t } = useLingui();
  const fetchAll = useFetchAllOrders();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const status = useInlineStatus(6000);
  // Leaving the page stops a long export rather than downloading a file out of nowhere later.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    status.clear();
    setState({ phase: 'running', progress: null });
    try {
      const { orders } = await fetchAll(filter, { signal: current.signal, onProgress: (progress) => setState({ phase: 'running', progress }) });
      downloadFile(ordersCsvName(), ordersCsv(orders), 'text/csv;charset=utf-8');
      setState({ phase: 'idle' });
      const count = formatNumber(orders.length);
      status.show({ tone: 'success', text: t`Exported ${count} orders to a CSV file.` });
    } catch (error) {
      if (current.signal.aborted) {
        setState({ phase: 'idle' });
        status.show({ tone: 'success', text: t`Export cancelled.` });
      } else setState({ phase: 'error', error });
    } finally {
      if (controller.current === current) controller.current = null;
    }
  };

  const running = state.phase === 'running';
  const progress = running ? state.progress : null;
  const pagesDone = formatNumber(progress?.pagesDone ?? 0);
  const totalPages = formatNumber(progress?.totalPages ?? 0);
  const ordersRead = progress?.orders ?? 0;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={() => void start()}
          loading={running}
          disabled={running || total === 0}
          disabledReason={running ? undefined : total === 0 ? t`There are no orders to export.` : undefined}
        >
          <Download aria-hidden="true" className="size-4" />
          <Trans>Export CSV</Trans>
        </Button>
        {running && (
          <Button variant="ghost" onClick={() => controller.current?.abort()}>
            <Trans>Cancel export</Trans>
          </Button>
        )}
        <InlineStatus message={status.message} />
      </div>
      {running && (
        <div className="flex max-w-md flex-col gap-1 text-sm" data-testid="export-progress">
          <progress
            className="w-full"
            max={progress?.totalPages ?? 1}
            value={progress?.pagesDone ?? 0}
            aria-label={t`Export progress`}
          />
          <p role="status">
            {progress ? (
              <Trans>
                Reading page {pagesDone} of {totalPages}: <Plural value={ordersRead} one="# order" other="# orders" /> so far
              </Trans>
            ) : total !== undefined ? (
              <Trans>
                Reading <Plural value={total} one="# order" other="# orders" />…
              </Trans>
            ) : (
              <Trans>Reading the orders…</Trans>
            )}
          </p>
        </div>
      )}
      {state.phase === 'error' && <ErrorAlert error={state.error} title={t`The orders could not be exported.`} onRetry={() => void start()} />}
    </div>
  );
}
