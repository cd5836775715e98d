import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isApiError } from '@/api/api-error';
import { listEventAttempts } from '@/api/emulator';
import { getOrder } from '@/api/orders';
import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { Time } from '@/components/ui/time';
import { useIsEmulator } from '../api/emulator-api';
import { useEventsWalk } from '../api/events-walk-api';
import { inOrderWindow, matchesEventId, orderIdOfBody, orderWindow, parseFindQuery, type FindQuery } from '../lib/events-find';
import { olderThan } from '../lib/walk-events';
import { AttemptsToggle } from './attempts-toggle';
import { EventAttempts } from './event-attempts';
import { WalkProgressLine } from './walk-progress';
import { DeliveryStatusBadge } from './status-badge';

/**
 * On the emulator, candidates of an order are told apart by their bodies: one attempts read each, a few at a time,
 * at most this many (a minute with more than 100 finished orders of one type is beyond what this search promises).
 */
const CONFIRM_CAP = 100;
const CONFIRM_IN_FLIGHT = 4;

async function orderIdsOf(webhookId: number, events: DeliveryEvent[]): Promise<(string | null)[]> {
  const out: (string | null)[] = new Array(events.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < events.length) {
      const i = next++;
      out[i] = orderIdOfBody((await listEventAttempts(webhookId, events[i]!.id)).request.body);
    }
  };
  await Promise.all(Array.from({ length: CONFIRM_IN_FLIGHT }, worker));
  return out;
}

type Outcome =
  | { kind: 'found'; query: FindQuery; matches: DeliveryEvent[]; scanned: number; confirmed: boolean }
  | { kind: 'not-found'; query: FindQuery; scanned: number }
  | { kind: 'no-order'; orderId: string }
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
      return setOutcome(isApiError(error) && error.status === 404 ? { kind: 'no-order', orderId: query.orderId } : { kind: 'error', error });
    } finally {
      setLookingUp(false);
    }
    // Newest first: once a page reaches past the earliest moment the order's event can have, no later page has it.
    const result = await walk.run(olderThan(new Date(window.from)));
    if (!result) return;
    let matches = result.events.filter(inOrderWindow(window));
    let confirmed = false;
    if (isEmulator && matches.length <= CONFIRM_CAP) {
      setConfirming(true);
      try {
        const orderIds = await orderIdsOf(webhookId, matches);
        matches = matches.filter((_, i) => orderIds[i] === query.orderId);
        confirmed = true;
      } catch {
        // Unconfirmed candidates are still worth showing; the result says they are matched by time and type.
      } finally {
        setConfirming(false);
      }
    }
    setOutcome(matches.length ? { kind: 'found', query, matches, scanned: result.events.length, confirmed } : { kind: 'not-found', query, scanned: result.events.length });
    setOpen(matches.length === 1 ? matches[0]!.id : null);
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
    case 'no-order': {
      const orderId = outcome.orderId;
      return <Notice tone="warning">{t`No order with the id ${orderId} in this account.`}</Notice>;
    }
    case 'order-running': {
      const orderId = outcome.orderId;
      return <Notice>{t`Order ${orderId} has not finished yet; its delivery is made when it does.`}</Notice>;
    }
    case 'not-found': {
      const scanned = outcome.scanned;
      return (
        <p role="status" className="text-sm" data-testid="find-result">
          {outcome.query.kind === 'event'
            ? t`Not found in ${plural(scanned, { one: '# event', other: '# events' })}: no delivery of this webhook has that event id.`
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
          {!outcome.confirmed && (
            <Notice>
              <Trans>Matched by the order's event type and finish time: the service's listing does not name the order, so check the event id with your server's log.</Trans>
            </Notice>
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
