import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isApiError } from '@/api/api-error';
import { listEventOrders } from '@/api/emulator';
import { EVENT_ORDERS_MAX_IDS } from '@/api/schemas/event-orders';
import { getOrder } from '@/api/orders';
import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { Button } from '@/components/ui/form/button';
import { CopyButton } from '@/components/ui/form/copy-button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { TextField } from '@/components/ui/form/text-field';
import { Time } from '@/components/ui/data/time';
import { useIsEmulator } from '../../api/get-emulator-info';
import { useEventsWalk } from '../../hooks/use-events-walk';
import { formatDecimal } from '@/lib/format';
import { matchesEventId, orderWindow, parseFindQuery, rankCandidates, type Candidate, type FindQuery } from '../../lib/events-find';
import { olderThan } from '../../lib/walk-events';
import { AttemptsToggle } from '../deliveries/attempts-toggle';
import { EventAttempts } from '../deliveries/event-attempts';
import { WalkProgressLine } from './walk-progress';
import { DeliveryStatusBadge } from '../status-badge';

/**
 * On the emulator, candidates are confirmed by the order their payload names, closest first, 100 a call
 * (`/_emulator/webhooks/:id/event-orders`), stopping at the first call that finds the order: at most this many calls,
 * so a search never spends more than a few requests of the account's rate limit.
 */
const CONFIRM_CALLS = 5;
/** Candidates listed at first; "Show all" lists the rest. */
const CANDIDATES_SHOWN = 10;

/** The ranked candidates whose payload names `orderId`, and how many were checked (closest first). */
async function confirmByPayload(webhookId: number, candidates: Candidate[], orderId: string): Promise<{ matches: DeliveryEvent[]; checked: number }> {
  let checked = 0;
  for (let call = 0; call < CONFIRM_CALLS && checked < candidates.length; call++) {
    const chunk = candidates.slice(checked, checked + EVENT_ORDERS_MAX_IDS);
    const { orders } = await listEventOrders(webhookId, chunk.map((c) => c.event.id));
    checked += chunk.length;
    const named = new Set(orders.filter((o) => o.orderId === orderId).map((o) => o.eventId));
    const matches = chunk.filter((c) => named.has(c.event.id)).map((c) => c.event);
    if (matches.length > 0) return { matches, checked };
  }
  return { matches: [], checked };
}

type Outcome =
  | { kind: 'found'; query: FindQuery; matches: DeliveryEvent[]; scanned: number; confirmed: boolean }
  /** Guessed by type and finish time, ranked; the `checked` closest were read and do not name the order. */
  | { kind: 'candidates'; candidates: Candidate[]; scanned: number; checked: number }
  | { kind: 'not-found'; query: FindQuery; scanned: number; checked?: number }
  | { kind: 'short'; prefix: string }
  | { kind: 'no-order'; orderId: string; maybeShortEventId: boolean }
  | { kind: 'order-running'; orderId: string }
  | { kind: 'error'; error: unknown };

/**
 * Finds a delivery by event id or order id across every page of the listing, reading pages only until the answer is
 * known. The listing carries no order id, so an order is looked up first: its type, outcome and finish time say
 * which events it can have made, and (on the emulator) each candidate's body confirms it.
 */
export function FindDelivery({ webhookId }: { webhookId: number }) {
  const { t } = useLingui();
  const isEmulator = useIsEmulator();
  const walk = useEventsWalk(webhookId);
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState<number | null>(null);

  const find = async (query: FindQuery) => {
    setOutcome(null);
    setOpen(null);
    if (query.kind === 'short') return setOutcome({ kind: 'short', prefix: query.prefix });
    if (query.kind === 'event') {
      const match = matchesEventId(query.eventId);
      const result = await walk.run((events) => events.some(match));
      if (!result) return;
      const matches = result.events.filter(match);
      setOutcome(matches.length ? { kind: 'found', query, matches, scanned: result.events.length, confirmed: true } : { kind: 'not-found', query, scanned: result.events.length });
      setOpen(matches[0]?.id ?? null);
      return;
    }
    setLookingUp(true);
    let window;
    try {
      const order = await getOrder(query.orderId);
      window = orderWindow(order);
      if (!window) return setOutcome({ kind: 'order-running', orderId: query.orderId });
    } catch (error) {
      return setOutcome(
        isApiError(error) && error.status === 404 ? { kind: 'no-order', orderId: query.orderId, maybeShortEventId: query.maybeShortEventId } : { kind: 'error', error },
      );
    } finally {
      setLookingUp(false);
    }
    // Newest first: once a page reaches past the earliest moment the order's event can have, no later page has it.
    const result = await walk.run(olderThan(new Date(window.from)));
    if (!result) return;
    const candidates = rankCandidates(result.events, window);
    const scanned = result.events.length;
    if (candidates.length === 0) return setOutcome({ kind: 'not-found', query, scanned });
    let checked = 0;
    if (isEmulator) {
      setConfirming(true);
      try {
        const confirmed = await confirmByPayload(webhookId, candidates, query.orderId);
        checked = confirmed.checked;
        if (confirmed.matches.length > 0) {
          setOutcome({ kind: 'found', query, matches: confirmed.matches, scanned, confirmed: true });
          setOpen(confirmed.matches.length === 1 ? confirmed.matches[0]!.id : null);
          return;
        }
      } catch {
        // Unconfirmed candidates are still worth showing; the result says they are matched by time and type.
      } finally {
        setConfirming(false);
      }
    }
    // Every candidate's payload was read and none names the order: it is not among the events read.
    if (checked >= candidates.length) return setOutcome({ kind: 'not-found', query, scanned, checked });
    setOutcome({ kind: 'candidates', candidates: candidates.slice(checked), scanned, checked });
  };

  const running = walk.state.phase === 'running' || lookingUp || confirming;
  const read = walk.progress.events.length;
  return (
    <section aria-labelledby="find-delivery-heading" className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-700">
      <h3 id="find-delivery-heading" className="text-sm font-semibold">
        <Trans>Find a delivery</Trans>
      </h3>
      <form
        role="search"
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const query = parseFindQuery(text);
          if (!query) return setInputError(t`Enter an event id or an order id.`);
          setInputError(undefined);
          void find(query);
        }}
      >
        <TextField
          label={t`Event id or order id`}
          hint={t`Searches every page of this webhook's events, newest first.`}
          className="min-w-0 flex-1 basis-64"
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={inputError}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" variant="secondary" loading={running}>
          <Trans>Find</Trans>
        </Button>
      </form>
      {lookingUp && (
        <p role="status" className="text-xs">
          <Trans>Looking up the order…</Trans>
        </p>
      )}
      {confirming && (
        <p role="status" className="text-xs">
          <Trans>Checking which delivery names the order…</Trans>
        </p>
      )}
      {walk.state.phase === 'running' && <WalkProgressLine progress={walk.progress} onCancel={walk.cancel} />}
      {walk.state.phase === 'cancelled' && (
        <Notice tone="warning">
          {t`Search stopped after ${plural(read, { one: '# event', other: '# events' })}; the delivery was not among them.`}
        </Notice>
      )}
      {walk.state.phase === 'error' && <ErrorAlert error={walk.state.error} title={t`Could not read the delivery events`} />}
      {outcome && <FindOutcome outcome={outcome} webhookId={webhookId} open={open} onToggle={(id) => setOpen(open === id ? null : id)} isEmulator={isEmulator} />}
    </section>
  );
}

function FindOutcome({ outcome, webhookId, open, onToggle, isEmulator }: { outcome: Outcome; webhookId: number; open: number | null; onToggle: (id: number) => void; isEmulator: boolean }) {
  const { t } = useLingui();
  switch (outcome.kind) {
    case 'error':
      return <ErrorAlert error={outcome.error} title={t`Could not look up the order`} />;
    case 'short': {
      const prefix = outcome.prefix;
      return (
        <Notice tone="warning">
          {t`"${prefix}…" is an event id shortened for the table. The full event id is needed: copy it with the copy button beside it, or from the X-Service-Event-Id header your server received.`}
        </Notice>
      );
    }
    case 'no-order': {
      const orderId = outcome.orderId;
      return (
        <Notice tone="warning">
          {outcome.maybeShortEventId
            ? t`No order with the id ${orderId} in this account. If it is the start of an event id, the full event id is needed: copy it with the copy button beside it in the table.`
            : t`No order with the id ${orderId} in this account.`}
        </Notice>
      );
    }
    case 'candidates':
      return <Candidates outcome={outcome} />;
    case 'order-running': {
      const orderId = outcome.orderId;
      return <Notice>{t`Order ${orderId} has not finished yet; its delivery is made when it does.`}</Notice>;
    }
    case 'not-found': {
      const scanned = outcome.scanned;
      const checked = outcome.checked ?? 0;
      return (
        <p role="status" className="text-sm" data-testid="find-result">
          {outcome.query.kind === 'event'
            ? t`Not found in ${plural(scanned, { one: '# event', other: '# events' })}: no delivery of this webhook has that event id.`
            : checked
              ? t`No delivery of this order found in ${plural(scanned, { one: '# event', other: '# events' })}: the payloads of all ${checked} that fit its type and finish time name other orders.`
              : t`No delivery of this order found in ${plural(scanned, { one: '# event', other: '# events' })}.`}
        </p>
      );
    }
    case 'found': {
      const count = outcome.matches.length;
      const scanned = outcome.scanned;
      return (
        <div className="flex flex-col gap-2">
          <p role="status" className="text-sm" data-testid="find-result">
            {t`${plural(count, { one: 'Found # delivery', other: 'Found # deliveries' })} in ${plural(scanned, { one: '# event read', other: '# events read' })}.`}
          </p>
          {outcome.confirmed && outcome.query.kind === 'order' && (
            <p className="text-sm">
              <Trans>Confirmed: its payload names this order.</Trans>
            </p>
          )}
          <ul className="flex flex-col gap-2">
            {outcome.matches.map((event) => (
              <li key={event.id} data-testid="found-event" className="flex flex-col gap-2 rounded-md border-2 border-indigo-500 p-2 text-sm">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <DeliveryStatusBadge status={event.status} />
                  <span className="font-mono text-xs break-all">{event.eventType}</span>
                  <span>
                    <Trans>
                      Created <Time value={event.createdAt} />
                    </Trans>
                  </span>
                </div>
                <span className="flex min-w-0 items-center gap-1">
                  <code className="font-mono text-xs break-all">{event.eventId}</code>
                  <CopyButton text={event.eventId} what={t`event id`} />
                </span>
                {isEmulator && (
                  <AttemptsToggle className="self-start" open={open === event.id} onToggle={() => onToggle(event.id)} />
                )}
                {isEmulator && open === event.id && <EventAttempts webhookId={webhookId} event={event} />}
              </li>
            ))}
          </ul>
        </div>
      );
    }
  }
}

/** Why an event is a candidate: the type fits (it was filtered on), and how far from the order's finish it was made. */
function CandidateWhy({ offsetMs, createdAt }: { offsetMs: number; createdAt: string }) {
  const { t } = useLingui();
  const seconds = formatDecimal(Math.abs(offsetMs) / 1000);
  const words =
    Math.abs(offsetMs) < 50
      ? t`Why: the order's event type, created when the order finished`
      : offsetMs > 0
        ? t`Why: the order's event type, created ${seconds} s after the order finished`
        : t`Why: the order's event type, created ${seconds} s before the order finished`;
  return (
    <span data-testid="candidate-why">
      {words} (<Time value={createdAt} />)
    </span>
  );
}

/** Deliveries that may be the order's, closest to its finish first, each with why it is one. */
function Candidates({ outcome }: { outcome: Extract<Outcome, { kind: 'candidates' }> }) {
  const { t } = useLingui();
  const [all, setAll] = useState(false);
  const count = outcome.candidates.length;
  const scanned = outcome.scanned;
  const checked = outcome.checked;
  const shown = all ? outcome.candidates : outcome.candidates.slice(0, CANDIDATES_SHOWN);
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="text-sm" data-testid="find-result">
        {t`${plural(count, { one: '# candidate', other: '# candidates' })} in ${plural(scanned, { one: '# event read', other: '# events read' })}, closest to the order's finish first.`}
      </p>
      <Notice>
        {checked > 0
          ? t`Not confirmed: the listing does not name the order, so these are matched by event type and finish time. The payloads of the ${checked} closest were read and name other orders. Check the event id with your server's log.`
          : t`Not confirmed: the listing does not name the order, so these are matched by event type and finish time. Check the event id with your server's log.`}
      </Notice>
      <ol className="flex flex-col gap-2">
        {shown.map(({ event, offsetMs }, i) => {
          const rank = i + 1;
          return (
            <li key={event.id} data-testid="candidate" className="flex flex-col gap-1 rounded-md border border-zinc-300 p-2 text-sm dark:border-zinc-600">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold">{t`Candidate ${rank}`}</span>
                <DeliveryStatusBadge status={event.status} />
                <span className="font-mono text-xs break-all">{event.eventType}</span>
              </div>
              <CandidateWhy offsetMs={offsetMs} createdAt={event.createdAt} />
              <span className="flex min-w-0 items-center gap-1">
                <code className="font-mono text-xs break-all">{event.eventId}</code>
                <CopyButton text={event.eventId} what={t`event id`} />
              </span>
            </li>
          );
        })}
      </ol>
      {!all && count > CANDIDATES_SHOWN && (
        <Button size="sm" variant="ghost" className="self-start" onClick={() => setAll(true)}>
          {t`Show all ${count} candidates`}
        </Button>
      )}
    </div>
  );
}
