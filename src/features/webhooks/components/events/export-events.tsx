import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { z } from 'zod';
import { listEventsResponse } from '@/api/schemas/webhooks';
import { ymdDate } from '@/api/schemas/common';
import { Button } from '@/components/ui/form/button';
import { Disclosure } from '@/components/ui/layout/disclosure';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { DateRangeHint } from '@/components/ui/data/date-range-hint';
import { TextField } from '@/components/ui/form/text-field';
import { downloadFile, toCsv } from '@/lib/csv';
import { useIsEmulator } from '../../api/get-emulator-info';
import { readEventOrders } from '../../lib/read-event-orders';
import { useEventsWalk } from '../../hooks/use-events-walk';
import { defaultExportRange, exportFileName, exportJsonItem, exportRow, inRange, rangeBounds, type ExportRange } from '../../lib/events-export';
import { olderThan } from '../../lib/walk-events';
import { WalkProgressLine } from './walk-progress';

type Format = 'csv' | 'json';

/** Dates as the date inputs give them; `from` after `to` is refused before anything is read. */
function useRangeSchema() {
  const { t } = useLingui();
  return z
    .object({ from: ymdDate, to: ymdDate })
    .refine((r) => r.from <= r.to, { error: () => t`The start must not be after the end.`, path: ['to'] });
}

/**
 * Exports a date range of the webhook's delivery events as CSV or JSON. The listing is newest first, so the walk
 * stops at the first page that reaches before `from`; events after `to` are read but left out.
 */
export function ExportEvents({ webhookId }: { webhookId: number }) {
  const { t } = useLingui();
  const schema = useRangeSchema();
  const isEmulator = useIsEmulator();
  const hintId = useId();
  const walk = useEventsWalk(webhookId);
  const [range, setRange] = useState<ExportRange>(() => defaultExportRange());
  const [errors, setErrors] = useState<Partial<Record<keyof ExportRange, string>>>({});
  const [saved, setSaved] = useState<{ count: number; format: Format } | null>(null);
  const [format, setFormat] = useState<Format>('csv');

  const headers = [t`Record id`, t`Event id`, t`Event type`, t`Order id`, t`Order name`, t`Status`, t`Retries`, t`Last sent`, t`Created`];

  const start = async (chosen: Format) => {
    const parsed = schema.safeParse(range);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof ExportRange] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    setSaved(null);
    setFormat(chosen);
    const result = await walk.run(olderThan(rangeBounds(parsed.data).start));
    if (!result) return;
    const events = result.events.filter(inRange(parsed.data));
    // The order each event names, where the data carries it (the emulator's payloads; 100 events a call).
    const orders = isEmulator ? await readEventOrders(webhookId, events.map((e) => e.id)) : null;
    if (chosen === 'csv') {
      const rows = events.map((e) => exportRow(e, orders?.get(e.id)));
      downloadFile(exportFileName(webhookId, parsed.data, 'csv'), toCsv(headers, rows), 'text/csv;charset=utf-8');
    } else {
      // The events as the service lists them, checked against the same schema the dashboard reads them with, and
      // the order each names (null where unknown).
      const checked = listEventsResponse.shape.events.parse(events).map((e) => exportJsonItem(e, orders?.get(e.id)));
      downloadFile(exportFileName(webhookId, parsed.data, 'json'), `${JSON.stringify(checked, null, 2)}\n`, 'application/json');
    }
    setSaved({ count: events.length, format: chosen });
  };

  const running = walk.state.phase === 'running';
  const read = walk.progress.events.length;
  const savedCount = saved?.count ?? 0;
  return (
    <Disclosure summary={<Trans>Export delivery events</Trans>}>
      <form noValidate className="flex flex-wrap items-end gap-3" aria-describedby={hintId} onSubmit={(e) => e.preventDefault()}>
        <TextField label={t`From`} type="date" value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} error={errors.from} />
        <TextField
          label={t`To`}
          type="date"
          value={range.to}
          onChange={(e) => setRange({ ...range, to: e.target.value })}
          error={errors.to}
        />
        <span className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" loading={running && format === 'csv'} aria-disabled={running || undefined} onClick={() => !running && void start('csv')}>
            <Trans>Export CSV</Trans>
          </Button>
          <Button type="button" variant="secondary" loading={running && format === 'json'} aria-disabled={running || undefined} onClick={() => !running && void start('json')}>
            <Trans>Export JSON</Trans>
          </Button>
        </span>
      </form>
      <DateRangeHint id={hintId} className="mt-1" />
      {running && <WalkProgressLine progress={walk.progress} onCancel={walk.cancel} reading />}
      {walk.state.phase === 'cancelled' && (
        <Notice tone="warning">
          {t`Export cancelled after reading ${plural(read, { one: '# event', other: '# events' })}; nothing was saved.`}
        </Notice>
      )}
      {walk.state.phase === 'error' && <ErrorAlert error={walk.state.error} title={t`Could not read the delivery events`} />}
      {saved && walk.state.phase === 'done' && (
        <Notice tone="success">
          <span data-testid="export-result">
            {saved.format === 'csv'
              ? t`Saved ${plural(savedCount, { one: '# event', other: '# events' })} as CSV.`
              : t`Saved ${plural(savedCount, { one: '# event', other: '# events' })} as JSON.`}
          </span>
        </Notice>
      )}
    </Disclosure>
  );
}
