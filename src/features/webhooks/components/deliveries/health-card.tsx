import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/layout/card';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useWebhookHealth, type Deliveries } from '../../api/get-deliveries';
import { failingBecause, failingRule, formatMs, formatRate, HEALTH_WINDOW, type WebhookHealth } from '../../lib/webhook-health';

const STATE: Record<WebhookHealth['state'], { icon: string; word: MessageDescriptor; tone: string }> = {
  failing: { icon: '✕', word: msg`Failing`, tone: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100' },
  healthy: { icon: '✓', word: msg`Healthy`, tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' },
  'in-flight': { icon: '◌', word: msg`Delivering`, tone: 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100' },
  'no-deliveries': { icon: '–', word: msg`No deliveries yet`, tone: 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100' },
};

export function HealthBadge({ health }: { health: WebhookHealth }) {
  const { i18n } = useLingui();
  const { icon, word, tone } = STATE[health.state];
  return (
    <span data-health={health.state} className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', tone)}>
      <span aria-hidden="true">{icon}</span>
      {i18n._(word)}
    </span>
  );
}

const finishedOf = (h: WebhookHealth) => h.sent + h.failed;

/** One compact line per webhook for the list page. */
export function WebhookHealthCell({ webhookId }: { webhookId: number }) {
  const { t } = useLingui();
  const { health, isPending, error } = useWebhookHealth(webhookId);
  if (isPending) {
    return (
      <span aria-busy="true" aria-label={t`Loading health`} className="block">
        <Skeleton className="h-5 w-40" />
      </span>
    );
  }
  if (!health) {
    return (
      <span className="text-sm text-red-800 dark:text-red-300" title={error instanceof Error ? error.message : undefined}>
        <span aria-hidden="true">⚠ </span>
        <Trans>Health unavailable</Trans>
      </span>
    );
  }
  const rate = health.successRate === null ? null : formatRate(health.successRate);
  const sent = formatNumber(health.sent);
  const finished = formatNumber(finishedOf(health));
  const failed = formatNumber(health.failedLast24h);
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      {health.state === 'healthy' ? null : <HealthBadge health={health} />}
      {rate !== null && (
        <span>
          <Trans>
            <strong className="text-sm">{rate}</strong> delivered ({sent} of {finished})
          </Trans>
        </span>
      )}
      {rate !== null && <span>· {health.dayFullyCovered ? t`${failed} failed in 24 h` : t`${failed} failed in the newest ${HEALTH_WINDOW} deliveries, all from the last 24 h`}</span>}
      {health.latency && (
        <span className="text-zinc-600 dark:text-zinc-400">
          · <LatencyWords medianMs={health.latency.medianMs} p95Ms={health.latency.p95Ms} />
        </span>
      )}
    </span>
  );
}

/** "median 120 ms, p95 900 ms", with the figures emphasised where asked. */
function LatencyWords({ medianMs, p95Ms, strong = false }: { medianMs: number; p95Ms: number; strong?: boolean }) {
  const median = formatMs(medianMs);
  const p95 = formatMs(p95Ms);
  return strong ? (
    <Trans>
      median <span className="font-semibold">{median}</span>, p95 <span className="font-semibold">{p95}</span>
    </Trans>
  ) : (
    <Trans>
      median {median}, p95 {p95}
    </Trans>
  );
}

/** The detail page's summary card, from the same deliveries the events table and the diagnosis show. */
export function WebhookHealthCard({ deliveries }: { deliveries: Pick<Deliveries, 'health' | 'isPending' | 'error' | 'refetch'> }) {
  const { t } = useLingui();
  const { health, isPending, error, refetch } = deliveries;
  return (
    <Card title={t`Health`}>
      {isPending ? (
        <div aria-busy="true" aria-label={t`Loading health`} className="grid gap-2 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-12 w-full" />)}
        </div>
      ) : !health ? (
        <ErrorAlert error={error} title={t`Could not compute the webhook's health`} onRetry={refetch} />
      ) : health.state === 'no-deliveries' ? (
        <p className="text-sm">
          <HealthBadge health={health} />{' '}
          <span className="ml-1">
            <Trans>Health figures appear after the first delivery.</Trans>
          </span>
        </p>
      ) : (
        <HealthFigures health={health} />
      )}
    </Card>
  );
}

function HealthFigures({ health }: { health: WebhookHealth }) {
  const { t } = useLingui();
  const rate = health.successRate === null ? null : formatRate(health.successRate);
  const sent = formatNumber(health.sent);
  const finished = formatNumber(finishedOf(health));
  const failed = formatNumber(health.failedLast24h);
  const considered = Math.min(health.considered, HEALTH_WINDOW);
  const inFlight = formatNumber(health.inFlight);
  const attempts = health.latency?.attempts ?? 0;
  // The rule's sentence is a placeholder of the same message: Japanese sets no space after 。
  const rule = failingRule();
  const basis =
    health.inFlight > 0
      ? t`Over ${plural(considered, { one: 'the last delivery', other: 'the last # deliveries' })}; not counted: ${inFlight} still being delivered. ${rule}`
      : t`Over ${plural(considered, { one: 'the last delivery', other: 'the last # deliveries' })}. ${rule}`;
  return (
    <>
      <dl className="grid gap-4 text-sm sm:grid-cols-4">
        <Figure label={t`State`}>
          <HealthBadge health={health} />
        </Figure>
        <Figure label={t`Success rate`}>
          {rate === null ? (
            t`Nothing finished yet`
          ) : (
            <Trans>
              <span className="text-lg font-semibold">{rate}</span> <span>({sent} sent of {finished} finished)</span>
            </Trans>
          )}
        </Figure>
        <Figure label={t`Failures in the last 24 hours`}>
          {/* All of the newest events are younger than 24 h: the count covers them, not the whole day; say so rather than "≥ 0". */}
          <span className="text-lg font-semibold">{failed}</span>
          {!health.dayFullyCovered && (
            <span className="block text-xs text-zinc-600 dark:text-zinc-400" data-testid="day-not-covered">
              {t`among the newest ${considered} deliveries, all made in the last 24 hours; older ones of the day were not read`}
            </span>
          )}
        </Figure>
        {health.latency && (
          <Figure label={t`Attempt latency`}>
            <LatencyWords medianMs={health.latency.medianMs} p95Ms={health.latency.p95Ms} strong />
            <span className="block text-xs text-zinc-600 dark:text-zinc-400">
              {t`over ${plural(attempts, { one: 'the last attempt', other: 'the last # attempts' })}`}
            </span>
          </Figure>
        )}
      </dl>
      {health.failingBecause && (
        <p className="mt-3 text-sm" data-testid="failing-reason">
          {failingBecause(health.failingBecause)}
        </p>
      )}
      <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">{basis}</p>
    </>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}
