import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { Button } from '@/components/ui/form/button';
import { Dialog, DialogClose } from '@/components/ui/layout/dialog';
import { Disclosure } from '@/components/ui/layout/disclosure';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { DateRangeHint } from '@/components/ui/data/date-range-hint';
import { TextField } from '@/components/ui/form/text-field';
import { isCalendarDay, localDay, type DayRange } from '@/lib/date-range';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { useEventsWalk } from '../../hooks/use-events-walk';
import { useWebhook } from '../../api/get-webhook';
import { useResendAllFailed } from '../../api/resend-all-failed';
import { writeEventsParams } from '../../lib/events-params';
import { CALL_RETRY_DELAYS_MS, inSpans, planResend, type DayWindow, type ResendOutcome, type ResendPlan, type ResendProgress } from '../../lib/resend-windows';
import { olderThan } from '../../lib/walk-events';
import { WalkProgressLine } from './walk-progress';
import { DAY_MS } from '@/lib/time';

const DEFAULT_DAYS_BACK = 30;

const windowText = (w: DayWindow) => (w.fromDate === w.toDate ? w.fromDate : `${w.fromDate} – ${w.toDate}`);

/**
 * The one re-send tool: "Re-send failed deliveries" of a range of local days (the app's date rule, src/lib/date-range.ts),
 * with one confirmation. retry-failed takes at most 7 UTC days and 50 events per call, so the UTC days wholly inside the
 * range are walked window by window (lib/resend-windows.ts) and the failures of the hours around them are found in
 * the listing and re-sent one by one. Live progress, Stop, and a summary that links to the deliveries that still fail.
 */
export function ResendAllFailed({ webhookId, onMissing }: { webhookId: number; onMissing?: () => void }) {
  const { t } = useLingui();
  const [search] = useSearchParams();
  const webhook = useWebhook(webhookId).data;
  const today = localDay(new Date());
  const created = webhook ? localDay(new Date(webhook.createdAt)) : undefined;
  const monthAgo = localDay(new Date(Date.now() - DEFAULT_DAYS_BACK * DAY_MS));
  const [picked, setPicked] = useState<Partial<DayRange>>({});
  // Until the user picks a day: 30 days back, or the webhook's first day when it is younger (nothing older can fail).
  const range: DayRange = { from: picked.from ?? (created && created > monthAgo ? created : monthAgo), to: picked.to ?? today };
  const [errors, setErrors] = useState<Partial<Record<keyof DayRange, string>>>({});
  const [confirming, setConfirming] = useState<ResendPlan | null>(null);
  const { run, start, cancel } = useResendAllFailed(webhookId);
  const walk = useEventsWalk(webhookId);
  const titleId = useId();
  const hintId = useId();
  const createdOn = webhook ? formatDate(webhook.createdAt) : undefined;
  const finding = walk.state.phase === 'running';
  const running = run.state === 'running' || finding;

  const validate = (): ResendPlan | null => {
    const day = z.string().refine(isCalendarDay, { error: t`Enter a date as YYYY-MM-DD.`, abort: true });
    const schema = z
      .object({ from: day, to: day.refine((d) => d <= today, { error: t`The end must not be in the future.` }) })
      .refine((r) => r.from <= r.to, { error: t`The start must not be after the end.`, path: ['to'] });
    const parsed = schema.safeParse(range);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof DayRange] ??= issue.message;
      setErrors(next);
      return null;
    }
    setErrors({});
    return planResend(parsed.data);
  };

  const begin = async (plan: ResendPlan) => {
    setConfirming(null);
    let events: number[] = [];
    if (plan.spans.length > 0) {
      // The hours outside whole UTC days: their FAILED events, from the listing (newest first, down to the start).
      const result = await walk.run(olderThan(plan.instants.start));
      if (!result) return;
      const inside = inSpans(plan.spans);
      events = result.events.filter((e) => e.status === 'FAILED' && inside(e.createdAt)).map((e) => e.id).reverse();
    }
    await start(plan.windows, events);
  };

  const outcome = run.state === 'ended' ? run.outcome : null;
  // retry-failed answered 404/405 (interface notes): the control stays, disabled, and says why.
  const missing = outcome?.kind === 'missing';
  useEffect(() => {
    if (missing) onMissing?.();
  }, [missing, onMissing]);
  const stillFailing = `?${writeEventsParams(search, { status: 'FAILED', page: undefined }).toString()}`;

  return (
    <Disclosure summary={<span id={titleId}>{t`Re-send failed deliveries`}</span>}>
      <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3">
        <form
          noValidate
          className="flex flex-wrap items-end gap-3"
          aria-describedby={hintId}
          onSubmit={(e) => {
            e.preventDefault();
            const plan = validate();
            if (plan) setConfirming(plan);
          }}
        >
          <TextField label={t`From`} type="date" value={range.from} max={today} disabled={running} onChange={(e) => setPicked({ ...picked, from: e.target.value })} error={errors.from} />
          <TextField label={t`To`} type="date" value={range.to} max={today} disabled={running} onChange={(e) => setPicked({ ...picked, to: e.target.value })} error={errors.to} />
          <Button
            type="submit"
            variant="secondary"
            loading={running}
            disabled={running || missing}
            disabledReason={missing ? t`This service has no retry-failed endpoint (it answered 404 or 405), so failed deliveries cannot be re-sent in bulk.` : undefined}
          >
            <Trans>Re-send failed…</Trans>
          </Button>
        </form>
        <DateRangeHint id={hintId} />
        {createdOn && (
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {t`This webhook was created on ${createdOn}: nothing older can have failed.`}
          </p>
        )}

        <Dialog
          open={confirming !== null}
          onOpenChange={(open) => !open && setConfirming(null)}
          title={t`Re-send failed deliveries?`}
          description={confirming && <ConfirmText plan={confirming} />}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary">
                  <Trans>Cancel</Trans>
                </Button>
              </DialogClose>
              <Button onClick={() => confirming && void begin(confirming)}>
                <Trans>Re-send failed deliveries</Trans>
              </Button>
            </>
          }
        />

        {finding && <WalkProgressLine progress={walk.progress} onCancel={walk.cancel} reading />}
        {walk.state.phase === 'error' && <ErrorAlert error={walk.state.error} title={t`Could not read the delivery events`} />}
        {run.state === 'running' && <Progress progress={run.progress} stopping={run.stopping} onStop={cancel} />}
        {outcome && outcome.kind !== 'missing' && <Summary outcome={outcome} stillFailing={stillFailing} />}
      </section>
    </Disclosure>
  );
}

function ConfirmText({ plan }: { plan: ResendPlan }) {
  const { t } = useLingui();
  const from = formatDateTime(plan.instants.start);
  const to = formatDateTime(plan.instants.end);
  return (
    <>
      {t`Every delivery that failed between ${from} and ${to} (your time zone) is sent again to the receiver, which may get an event it already handled: it can drop duplicates by the X-Service-Event-Id header.`}
    </>
  );
}

function Progress({ progress, stopping, onStop }: { progress: ResendProgress; stopping: boolean; onStop: () => void }) {
  const { t } = useLingui();
  const { windowsDone, windowsTotal, eventsDone, eventsTotal, current, retrying } = progress;
  const done = formatNumber(windowsDone);
  const total = formatNumber(windowsTotal);
  const eventsSent = formatNumber(eventsDone);
  const now = current ? windowText(current) : null;
  const seconds = retrying ? formatNumber(retrying.delayMs / 1000) : '';
  const attempt = retrying?.attempt ?? 0;
  const attempts = CALL_RETRY_DELAYS_MS.length;
  return (
    <div className="flex flex-col gap-2">
      <progress className="w-full" max={eventsTotal + windowsTotal} value={eventsDone + windowsDone} aria-label={t`Re-sending progress`} />
      <div role="status" className="flex flex-col gap-1 text-sm">
        <p>
          {eventsTotal > 0 && `${t`${eventsSent} of ${plural(eventsTotal, { one: '# delivery', other: '# deliveries' })} at the range's edges re-sent one by one`} · `}
          {windowsTotal > 0 && t`Windows ${done} of ${total} done`}
          {now && ` · ${t`now ${now} (UTC)`}`}
          {windowsTotal > 0 && ' · '}
          <Counts progress={progress} />
        </p>
        {retrying && <p>{t`The call failed; trying again in ${seconds} s (retry ${attempt} of ${attempts}).`}</p>}
      </div>
      <div>
        <Button variant="secondary" size="sm" onClick={onStop} loading={stopping}>
          {stopping ? <Trans>Stopping after the call in progress…</Trans> : <Trans>Stop</Trans>}
        </Button>
      </div>
    </div>
  );
}

function Counts({ progress }: { progress: ResendProgress }) {
  const { t } = useLingui();
  const resent = formatNumber(progress.resent);
  const delivered = formatNumber(progress.succeeded);
  const failed = formatNumber(progress.failed);
  return <>{t`${resent} re-sent, ${delivered} delivered, ${failed} failed again`}</>;
}

function Summary({ outcome, stillFailing }: { outcome: Exclude<ResendOutcome, { kind: 'missing' }>; stillFailing: string }) {
  const { t } = useLingui();
  const { progress } = outcome;
  const clean = outcome.kind === 'done' && progress.failed === 0 && progress.stuck.length === 0;
  const link = (
    <Link to={{ search: stillFailing }} className="underline">
      <Trans>Show the deliveries that still fail</Trans>
    </Link>
  );
  const windowsDone = progress.windowsDone;
  const windowsTotal = formatNumber(progress.windowsTotal);
  const resentOneByOne = progress.eventsDone;
  const walked =
    progress.windowsTotal > 0
      ? t`${plural(windowsDone, { one: '# window', other: '# windows' })} out of ${windowsTotal} walked`
      : t`${plural(resentOneByOne, { one: '# delivery', other: '# deliveries' })} re-sent`;
  const stuckDays = progress.stuck.map(windowText).join(', ');
  const stuck =
    progress.stuck.length > 0 ? (
      <p>
        {t`In ${stuckDays} (UTC) 50 deliveries in a row failed again, so the walk moved on instead of sending the same ones again. Fix the receiver, then run it again.`}
      </p>
    ) : null;
  const stoppedAt = outcome.kind === 'error' && outcome.window ? windowText(outcome.window) : '';
  const recovered = progress.succeeded;

  if (outcome.kind === 'error') {
    return (
      <div className="flex flex-col gap-2">
        <ErrorAlert error={outcome.error} title={stoppedAt ? t`Re-sending stopped at ${stoppedAt} (UTC)` : t`Re-sending stopped`} />
        <p role="status" className="text-sm">
          {walked} · <Counts progress={progress} />
        </p>
        {stuck}
        <p className="text-sm">{link}</p>
      </div>
    );
  }
  return (
    <Notice tone={clean ? 'success' : 'warning'}>
      <div className="flex flex-col gap-1">
        <p className="font-medium">
          {outcome.kind === 'cancelled'
            ? t`Stopped: ${walked}.`
            : clean
              ? progress.resent === 0
                ? t`Done: no failed deliveries in that range.`
                : t`Done: all ${plural(recovered, { one: '# failed delivery', other: '# failed deliveries' })} re-sent and delivered.`
              : t`Done: ${walked}.`}
        </p>
        {!(clean && progress.resent === 0) && (
          <p>
            <Counts progress={progress} />
          </p>
        )}
        {stuck}
        {!clean && <p>{link}</p>}
      </div>
    </Notice>
  );
}
