import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Disclosure } from '@/components/ui/disclosure';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { formatDate, formatNumber } from '@/lib/format';
import { useWebhook } from '../api/webhooks-api';
import { useResendAllFailed } from '../api/resend-all-failed-api';
import { writeEventsParams } from '../lib/events-params';
import { CALL_RETRY_DELAYS_MS, planWindows, type DayWindow, type ResendOutcome, type ResendProgress } from '../lib/resend-all-failed';

const DEFAULT_DAYS_BACK = 30;
const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** A local calendar day as the date input gives it (YYYY-MM-DD). */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function isCalendarDay(day: string): boolean {
  if (!YMD.test(day)) return false;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

/** getTimezoneOffset of the local day's midnight (the offset may differ from today's across a DST change). */
function offsetOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTimezoneOffset();
}

const windowText = (w: DayWindow) => (w.fromDate === w.toDate ? w.fromDate : `${w.fromDate} – ${w.toDate}`);

/**
 * "Re-send all failed deliveries since <date>": retry-failed takes at most 7 days and 50 events per call, so this walks
 * the range window by window (lib/resend-all-failed.ts) with a confirm step, live progress, Stop, and a summary that
 * links to the deliveries that still fail.
 */
export function ResendAllFailed({ webhookId }: { webhookId: number }) {
  const { t } = useLingui();
  const [search] = useSearchParams();
  const webhook = useWebhook(webhookId).data;
  const today = localDay(new Date());
  const created = webhook ? localDay(new Date(webhook.createdAt)) : undefined;
  const monthAgo = localDay(new Date(Date.now() - DEFAULT_DAYS_BACK * 86_400_000));
  const [since, setSince] = useState<string | null>(null);
  // Until the user picks a day: 30 days back, or the webhook's first day when it is younger (nothing older can fail).
  const value = since ?? (created && created > monthAgo ? created : monthAgo);
  const [fieldError, setFieldError] = useState<string>();
  const [confirming, setConfirming] = useState<DayWindow[] | null>(null);
  const { run, start, cancel } = useResendAllFailed(webhookId);
  const titleId = useId();
  const createdOn = webhook ? formatDate(webhook.createdAt) : undefined;
  const running = run.state === 'running';

  const validate = (): DayWindow[] | null => {
    const sinceDay = z
      .string()
      .refine(isCalendarDay, { error: t`Enter a date as YYYY-MM-DD.`, abort: true })
      .refine((day) => day <= today, { error: t`The date must not be in the future.` });
    const parsed = sinceDay.safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return null;
    }
    setFieldError(undefined);
    return planWindows(parsed.data, new Date(), offsetOf(parsed.data));
  };

  const begin = async (windows: DayWindow[]) => {
    setConfirming(null);
    await start(windows);
  };

  const outcome = run.state === 'ended' ? run.outcome : null;
  // retry-failed answered 404/405 (interface notes): the control stays, disabled, and says why.
  const missing = outcome?.kind === 'missing';
  const stillFailing = `?${writeEventsParams(search, { status: 'FAILED', page: undefined }).toString()}`;

  return (
    <Disclosure summary={<span id={titleId}>{t`Re-send all failed deliveries`}</span>}>
      <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3">
        <form
          noValidate
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const windows = validate();
            if (windows) setConfirming(windows);
          }}
        >
          <TextField
            label={t`Failed since`}
            type="date"
            value={value}
            max={today}
            disabled={running}
            onChange={(e) => setSince(e.target.value)}
            error={fieldError}
            hint={
              createdOn
                ? t`Days are counted in UTC, as the service does, from the start of this day in your time zone. This webhook was created on ${createdOn}: nothing older can have failed, an earlier date only walks empty weeks.`
                : t`Days are counted in UTC, as the service does, from the start of this day in your time zone.`
            }
          />
          <Button
            type="submit"
            variant="secondary"
            loading={running}
            disabled={running || missing}
            disabledReason={missing ? t`This service has no retry-failed endpoint (it answered 404 or 405), so failed deliveries cannot be re-sent in bulk.` : undefined}
          >
            <Trans>Re-send all failed…</Trans>
          </Button>
        </form>

        <Dialog
          open={confirming !== null}
          onOpenChange={(open) => !open && setConfirming(null)}
          title={t`Re-send all failed deliveries?`}
          description={confirming && <ConfirmText windows={confirming} />}
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

        {run.state === 'running' && <Progress progress={run.progress} stopping={run.stopping} onStop={cancel} />}
        {outcome && outcome.kind !== 'missing' && <Summary outcome={outcome} stillFailing={stillFailing} />}
      </section>
    </Disclosure>
  );
}

function ConfirmText({ windows }: { windows: DayWindow[] }) {
  const { t } = useLingui();
  const count = windows.length;
  const first = windows[0]!.fromDate;
  const last = windows.at(-1)!.toDate;
  return (
    <>
      {t`${plural(count, { one: '# window of up to 7 days', other: '# windows of up to 7 days' })} will be walked, oldest first (UTC days ${first} to ${last}), up to 50 deliveries per call. Each failed delivery is sent again to the receiver, which may get an event it already handled: it can drop duplicates by the X-Service-Event-Id header.`}
    </>
  );
}

function Progress({ progress, stopping, onStop }: { progress: ResendProgress; stopping: boolean; onStop: () => void }) {
  const { t } = useLingui();
  const { windowsDone, windowsTotal, current, retrying } = progress;
  const done = formatNumber(windowsDone);
  const total = formatNumber(windowsTotal);
  const now = current ? windowText(current) : null;
  const seconds = retrying ? formatNumber(retrying.delayMs / 1000) : '';
  const attempt = retrying?.attempt ?? 0;
  const attempts = CALL_RETRY_DELAYS_MS.length;
  return (
    <div className="flex flex-col gap-2">
      <progress className="w-full" max={windowsTotal} value={windowsDone} aria-label={t`Windows walked`} />
      <div role="status" className="flex flex-col gap-1 text-sm">
        <p>
          {t`Windows ${done} of ${total} done`}
          {now && ` · ${t`now ${now} (UTC)`}`}
          {' · '}
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
  const walked = t`${plural(windowsDone, { one: '# window', other: '# windows' })} out of ${windowsTotal} walked`;
  const stuckDays = progress.stuck.map(windowText).join(', ');
  const stuck =
    progress.stuck.length > 0 ? (
      <p>
        {t`In ${stuckDays} (UTC) 50 deliveries in a row failed again, so the walk moved on instead of sending the same ones again. Fix the receiver, then run it again.`}
      </p>
    ) : null;
  const stoppedAt = outcome.kind === 'error' ? windowText(outcome.window) : '';
  const recovered = progress.succeeded;

  if (outcome.kind === 'error') {
    return (
      <div className="flex flex-col gap-2">
        <ErrorAlert error={outcome.error} title={t`Re-sending stopped at ${stoppedAt} (UTC)`} />
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
