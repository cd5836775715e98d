import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

import { DELIVERY_STATUSES, EVENT_TYPES, type DeliveryEvent, type RetryEventResponse } from '@/api/schemas/webhooks';
import { Button } from '@/components/ui/form/button';
import { SelectField } from '@/components/ui/form/select-field';
import { Pager } from '@/components/ui/data/pager';
import { Table, type Column } from '@/components/ui/data/table';
import { Time } from '@/components/ui/data/time';
import { CopyButton } from '@/components/ui/form/copy-button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { cn } from '@/lib/cn';
import { useIsEmulator } from '../../api/get-emulator-info';
import { useFailureAttempts } from '../../api/get-failure-attempts';
import type { Deliveries } from '../../api/get-deliveries';
import { useEventsWalk } from '../../hooks/use-events-walk';
import { isMissingEndpoint } from '@/api/api-error';
import { useRetryEvent } from '../../api/retry-event';
import { useWebhookEvents } from '../../api/get-webhook-events';
import { diagnose, type Diagnosis } from '../../lib/diagnose';
import { parseEventsParams, writeEventsParams } from '../../lib/events-params';
import { PAGE_SIZES } from '@/lib/page-sizes';
import { allEventsScope, eventsView } from '../../lib/events-view';
import { groupFailures } from '../../lib/group-failures';
import { formatRetries, isInFlight, nextRetryDue } from '../../lib/next-retry';
import { AttemptsToggle } from './attempts-toggle';
import { EventAttempts } from './event-attempts';
import { ExportEvents } from '../events/export-events';
import { FindDelivery } from '../events/find-delivery';
import { WalkProgressLine } from '../events/walk-progress';
import { FailureSummary } from './failure-summary';
import { ResendAllFailed } from '../events/resend-all-failed-form';
import { EventOrderCell } from './event-order-cell';
import { useEventOrders } from '../../api/get-event-orders';
import { DeliveryStatusBadge } from '../status-badge';
import { deliveryStatusWord } from '../../lib/status-words';
import { errorWords } from '../../lib/diagnose';
import { useUrlSearch } from '@/lib/use-url-search';

/** Ticks once a second while something is due, so "in 3 s" counts down. */
function useNow(active: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function NextRetry({ event, now }: { event: DeliveryEvent; now: Date }) {
  const { t } = useLingui();
  const due = nextRetryDue(event);
  if (!due) return null;
  const seconds = Math.max(0, Math.round((due.at.getTime() - now.getTime()) / 1000));
  // Four whole phrases: "about" and "now" sit in different places in Korean and Japanese.
  const text =
    seconds === 0
      ? due.approximate
        ? t`Next retry about now`
        : t`Next retry now`
      : due.approximate
        ? t`Next retry about in ${seconds} s`
        : t`Next retry in ${seconds} s`;
  return <span className="block text-xs text-zinc-600 dark:text-zinc-400">{text}</span>;
}

function RetryOutcome({ outcome, takeFocus }: { outcome: RetryEventResponse; takeFocus: boolean }) {
  const { t } = useLingui();
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    // A delivered event loses its Retry button (the events refresh before the answer shows), which drops
    // keyboard focus to the page body; the answer takes it, unless the user has moved on elsewhere.
    const active = document.activeElement;
    const row = ref.current?.closest('tr');
    if (takeFocus && (!active || active === document.body || row?.contains(active))) ref.current?.focus();
  }, [takeFocus]);
  const code = outcome.status_code;
  const words = errorWords(outcome.error ?? null);
  const text = outcome.success
    ? code
      ? t`✓ Delivered (${code})`
      : t`✓ Delivered`
    : code
      ? t`✕ Failed again: receiver answered ${code}`
      : t`✕ Failed again: ${words}`;
  const className = cn('text-xs', outcome.success ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-800 dark:text-red-300');
  return (
    <span ref={ref} tabIndex={-1} className={className}>
      {text}
    </span>
  );
}

function Cause({ diagnosis, checking }: { diagnosis: Diagnosis | null | undefined; checking: boolean }) {
  if (checking) {
    return (
      <span className="block text-xs text-zinc-600 dark:text-zinc-400">
        <Trans>Checking why…</Trans>
      </span>
    );
  }
  if (!diagnosis) return null;
  return (
    <span className="block max-w-xs text-xs text-red-800 dark:text-red-300" data-testid="event-cause">
      {diagnosis.title}
    </span>
  );
}

const retryAnswer = (outcome: RetryEventResponse | { error: unknown } | undefined) => (outcome && 'event_id' in outcome ? outcome : undefined);

export interface DeliveryEventsProps {
  webhookId: number;
  /** The deliveries the health card shows too: one query, so the two never disagree. */
  deliveries: Deliveries;
  onRefresh: () => void;
  refreshing: boolean;
}

/**
 * Delivery events of one webhook: page and size in the URL, live while deliveries are in flight. Without a filter the
 * table is the service's pages (the first 100 events come from the shared deliveries). With a filter, every page is
 * read (100 at a time, with progress and Cancel) and the matches page on the client.
 */
export function DeliveryEvents({ webhookId, deliveries, onRefresh, refreshing }: DeliveryEventsProps) {
  // Diagnoses, counts and the filter scope are worded during render: useLingui() re-renders them on a language change.
  const { t } = useLingui();
  const [search, setSearch] = useUrlSearch();
  const params = parseEventsParams(search);
  const events = deliveries.events;
  const filtering = Boolean(params.status || params.type);
  // The service cannot filter its listing: a filter reads every page once (cached), then narrows on the client.
  const filterWalk = useEventsWalk(webhookId);
  const { run: runFilterWalk, reset: resetFilterWalk } = filterWalk;
  const walkPhase = filterWalk.state.phase;
  useEffect(() => {
    if (filtering && walkPhase === 'idle') void runFilterWalk();
    if (!filtering && walkPhase !== 'idle') resetFilterWalk();
  }, [filtering, walkPhase, runFilterWalk, resetFilterWalk]);
  const walked = filterWalk.progress.events;
  // Once every page is read, the walk is the whole list (deliveries made since then are picked up by Refresh).
  const view = filtering
    ? eventsView(walked, walkPhase === 'done' ? walked.length : Math.max(deliveries.total, walked.length), params)
    : eventsView(events, deliveries.total, params);
  const walkWaiting = filtering && filterWalk.progress.pagesDone === 0 && (walkPhase === 'running' || walkPhase === 'idle');
  const older = useWebhookEvents(webhookId, params.page, params.limit, !filtering && !deliveries.isPending && view.rows === null);
  const rows = view.rows ?? older.data?.events ?? [];
  const retry = useRetryEvent(webhookId);
  const isEmulator = useIsEmulator();
  const orders = useEventOrders(webhookId, rows, isEmulator);
  const [outcomes, setOutcomes] = useState<Record<number, RetryEventResponse | { error: unknown }>>({});
  const [retryMissing, setRetryMissing] = useState(false);
  const [open, setOpen] = useState<number | null>(null);

  const inFlight = events.some((e) => isInFlight(e.status)) || rows.some((e) => isInFlight(e.status));
  const now = useNow(inFlight);
  const update = (next: Parameters<typeof writeEventsParams>[1]) => setSearch((current) => writeEventsParams(current, next));

  // Diagnoses cover every loaded event, not only the filtered ones, so the summary does not change with a filter.
  const failureAttempts = useFailureAttempts(webhookId, events, isEmulator);
  const diagnosisOf = (event: DeliveryEvent) =>
    failureAttempts.pending.has(event.id)
      ? undefined
      : diagnose({ webhookId, event, attempts: failureAttempts.attempts.get(event.id), retryOutcome: retryAnswer(outcomes[event.id]) });
  const diagnoses = new Map([...events, ...rows].map((event) => [event.id, diagnosisOf(event)]));
  const groups = groupFailures(events.map((event) => ({ event, diagnosis: diagnoses.get(event.id) ?? null })));
  const loading = deliveries.isPending || walkWaiting || (view.rows === null && older.isPending);
  const loadError = deliveries.error ?? (filterWalk.state.phase === 'error' && walked.length === 0 ? filterWalk.state.error : null) ?? (view.rows === null ? older.error : null);
  const refreshAll = () => {
    onRefresh();
    // The invalidation marks the walked pages stale, so this walk reads them again.
    if (filtering) void runFilterWalk();
  };

  const retriedFrom = useRef<number | null>(null);
  const doRetry = (event: DeliveryEvent) => {
    retriedFrom.current = event.id;
    retry.mutate(event.id, {
      onSuccess: (outcome) => setOutcomes((o) => ({ ...o, [event.id]: outcome })),
      onError: (error) => {
        if (isMissingEndpoint(error)) setRetryMissing(true);
        else setOutcomes((o) => ({ ...o, [event.id]: { error } }));
      },
    });
  };

  const retrying = (event: DeliveryEvent) => retry.isPending && retry.variables === event.id;

  const columns: Column<DeliveryEvent>[] = [
    // One text node and no break-all: the column is as wide as the longest type, which never splits mid-word.
    {
      key: 'type',
      // The order under the type, where the data carries it (the emulator reads it from the payload; the service's
      // listing does not): a column of its own left no room for the event id and the actions at 1280 px.
      header: isEmulator ? t`Event type and order` : t`Event type`,
      cell: (event) => (
        <span className="flex min-w-0 flex-col gap-1">
          <span className="font-mono text-xs">{event.eventType}</span>
          {orders && <EventOrderCell order={orders.get(event.id)} />}
        </span>
      ),
    },
    {
      key: 'status',
      header: t`Status`,
      cell: (event) => (
        <>
          <DeliveryStatusBadge status={event.status} />
          <NextRetry event={event} now={now} />
          <Cause diagnosis={diagnoses.get(event.id)} checking={failureAttempts.pending.has(event.id)} />
        </>
      ),
    },
    { key: 'retries', header: t`Retries`, cell: (event) => <span className="whitespace-nowrap">{formatRetries(event.retries)}</span> },
    { key: 'last-sent', header: t`Last sent`, cell: (event) => (event.lastSentAt ? <Time value={event.lastSentAt} /> : <span>—</span>) },
    { key: 'created', header: t`Created`, cell: (event) => <Time value={event.createdAt} /> },
    {
      key: 'event-id',
      header: t`Event id`,
      cell: (event) => (
        <span className="flex items-center gap-1">
          <code className="font-mono text-xs" title={event.eventId}>{event.eventId.slice(0, 8)}…</code>
          <CopyButton text={event.eventId} what={t`event id`} />
        </span>
      ),
    },
    {
      key: 'actions',
      header: (
        <span className="sr-only">
          <Trans>Actions</Trans>
        </span>
      ),
      stackedLabel: t`Actions`,
      cell: (event) => {
        const outcome = outcomes[event.id];
        return (
          <span className="flex flex-wrap items-center gap-2">
            {event.status === 'FAILED' && !retryMissing && (
              // aria-disabled, not disabled, while it runs: a disabled button drops keyboard focus to the page body.
              <Button size="sm" variant="secondary" aria-disabled={retrying(event) || undefined} onClick={() => !retrying(event) && doRetry(event)}>
                {retrying(event) ? t`Retrying…` : t`Retry`}
              </Button>
            )}
            {isEmulator && (
              <AttemptsToggle open={open === event.id} onToggle={() => setOpen(open === event.id ? null : event.id)} />
            )}
            {outcome &&
              ('event_id' in outcome ? (
                <RetryOutcome outcome={outcome} takeFocus={retriedFrom.current === event.id} />
              ) : (
                <ErrorAlert error={outcome.error} title={t`Retry was not made`} />
              ))}
          </span>
        );
      },
    },
  ];

  return (
    <section aria-labelledby="events-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="events-heading" className="text-lg font-semibold">
          <Trans>Delivery events</Trans>
        </h2>
        <span className="flex items-center gap-2">
          {refreshing && (
            <span role="status" className="text-xs">
              <Trans>Refreshing…</Trans>
            </span>
          )}
          {/* aria-disabled, not disabled: pressing it again while it runs is harmless, and the focus stays. */}
          <Button size="sm" variant="secondary" aria-disabled={refreshing || undefined} onClick={() => !refreshing && refreshAll()}>
            <Trans>Refresh events</Trans>
          </Button>
        </span>
      </div>
      {groups.length > 0 && <FailureSummary groups={groups} considered={events.length} skipped={failureAttempts.skipped} checking={failureAttempts.pending.size > 0} />}
      {deliveries.total > 0 && <FindDelivery webhookId={webhookId} />}
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t`Status`}
          size="sm"
          value={params.status ?? ''}
          onChange={(e) => update({ status: (e.target.value || undefined) as typeof params.status, page: 1 })}
          options={[{ value: '', label: t`All statuses` }, ...DELIVERY_STATUSES.map((s) => ({ value: s, label: deliveryStatusWord(s) }))]}
        />
        <SelectField
          label={t`Event type`}
          fieldClassName="max-w-full"
          size="sm"
          value={params.type ?? ''}
          onChange={(e) => update({ type: (e.target.value || undefined) as typeof params.type, page: 1 })}
          options={[{ value: '', label: t`All event types` }, ...EVENT_TYPES.map((t) => ({ value: t, label: t }))]}
        />
        {deliveries.total > 0 && (
          <p className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400" data-testid="filter-scope">
            {filtering ? (walkWaiting ? null : view.filterScope) : allEventsScope(deliveries.total)}
            {filtering && walkPhase === 'cancelled' && (
              <Button size="sm" variant="ghost" onClick={() => void runFilterWalk()}>
                <Trans>Search the rest</Trans>
              </Button>
            )}
          </p>
        )}
        {filtering && walkPhase === 'running' && <WalkProgressLine progress={filterWalk.progress} onCancel={filterWalk.cancel} />}
        {filterWalk.state.phase === 'error' && walked.length > 0 && (
          <ErrorAlert error={filterWalk.state.error} title={t`Could not read every page; the matches shown are from the pages read.`} onRetry={() => void runFilterWalk()} />
        )}
        {inFlight && (
          <p className="text-xs" role="status">
            <Trans>↻ Updating every second while deliveries are in progress.</Trans>
          </p>
        )}
      </div>

      {retryMissing ? (
        <Notice>
          <Trans>This service does not offer retrying deliveries, so the retry buttons are hidden.</Trans>
        </Notice>
      ) : (
        <ResendAllFailed webhookId={webhookId} onMissing={() => setRetryMissing(true)} />
      )}
      {deliveries.total > 0 && <ExportEvents webhookId={webhookId} />}

      {loadError && !loading ? (
        <ErrorAlert error={loadError} title={t`Could not load delivery events`} onRetry={refreshAll} />
      ) : !loading && deliveries.total === 0 ? (
        <p className="text-sm">
          <Trans>No deliveries yet. One is made each time an order of this account completes or fails while the webhook is active.</Trans>
        </p>
      ) : (
        <Table
          caption={t`Delivery events, newest first`}
          captionHidden
          columns={columns}
          rows={loading ? undefined : rows}
          loading={loading}
          rowKey={(event) => String(event.id)}
          rowData={() => ({ 'data-testid': 'event-row' })}
          rowDetail={(event) =>
            open === event.id ? <EventAttempts webhookId={webhookId} event={event} retryOutcome={retryAnswer(outcomes[event.id])} /> : null
          }
          empty={t`No event matches the filters.`}
        />
      )}

      {!deliveries.isPending && !walkWaiting && deliveries.total > 0 && (
        <Pager
          label={t`Event pages`}
          page={params.page}
          totalPages={view.totalPages}
          onPage={(page) => update({ page })}
          summary={view.count}
          pageSize={{ value: params.limit, options: PAGE_SIZES, onChange: (limit) => update({ limit, page: 1 }) }}
        />
      )}
    </section>
  );
}
