import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useWebhookHealth, type Deliveries } from '../api/webhook-health-api';
import { FAILING_RULE, failingReason, formatMs, formatRate, HEALTH_WINDOW, lastCount, type WebhookHealth } from '../lib/webhook-health';

const STATE = {
  failing: { icon: '✕', word: 'Failing', tone: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100' },
  healthy: { icon: '✓', word: 'Healthy', tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' },
  'in-flight': { icon: '◌', word: 'Delivering', tone: 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100' },
  'no-deliveries': { icon: '–', word: 'No deliveries yet', tone: 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100' },
} as const;

export function HealthBadge({ health }: { health: WebhookHealth }) {
  const { icon, word, tone } = STATE[health.state];
  return (
    <span data-health={health.state} className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', tone)}>
      <span aria-hidden="true">{icon}</span>
      {word}
    </span>
  );
}

const finishedOf = (h: WebhookHealth) => h.sent + h.failed;
const failures24h = (h: WebhookHealth) => `${h.dayFullyCovered ? '' : 'at least '}${formatNumber(h.failedLast24h)} failed in 24 h`;

/** One compact line per webhook for the list page. */
export function WebhookHealthCell({ webhookId }: { webhookId: number }) {
  const { health, isPending, error } = useWebhookHealth(webhookId);
  if (isPending) {
    return (
      <span aria-busy="true" aria-label="Loading health" className="block">
        <Skeleton className="h-5 w-40" />
      </span>
    );
  }
  if (!health) {
    return (
      <span className="text-sm text-red-800 dark:text-red-300" title={error instanceof Error ? error.message : undefined}>
        <span aria-hidden="true">⚠ </span>Health unavailable
      </span>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      {health.state === 'healthy' ? null : <HealthBadge health={health} />}
      {health.successRate !== null && (
        <span>
          <strong className="text-sm">{formatRate(health.successRate)}</strong> delivered ({formatNumber(health.sent)} of {formatNumber(finishedOf(health))})
        </span>
      )}
      {health.successRate !== null && <span>· {failures24h(health)}</span>}
      {health.latency && (
        <span className="text-zinc-600 dark:text-zinc-400">
          · median {formatMs(health.latency.medianMs)}, p95 {formatMs(health.latency.p95Ms)}
        </span>
      )}
    </span>
  );
}

/** The detail page's summary card, from the same deliveries the events table and the diagnosis show. */
export function WebhookHealthCard({ deliveries }: { deliveries: Pick<Deliveries, 'health' | 'isPending' | 'error' | 'refetch'> }) {
  const { health, isPending, error, refetch } = deliveries;
  return (
    <Card title="Health">
      {isPending ? (
        <div aria-busy="true" aria-label="Loading health" className="grid gap-2 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-12 w-full" />)}
        </div>
      ) : !health ? (
        <ErrorAlert error={error} title="Could not compute the webhook's health" onRetry={refetch} />
      ) : health.state === 'no-deliveries' ? (
        <p className="text-sm">
          <HealthBadge health={health} /> <span className="ml-1">Health figures appear after the first delivery.</span>
        </p>
      ) : (
        <>
          <dl className="grid gap-4 text-sm sm:grid-cols-4">
            <Figure label="State">
              <HealthBadge health={health} />
            </Figure>
            <Figure label="Success rate">
              {health.successRate === null ? (
                'Nothing finished yet'
              ) : (
                <>
                  <span className="text-lg font-semibold">{formatRate(health.successRate)}</span>{' '}
                  <span>({formatNumber(health.sent)} sent of {formatNumber(finishedOf(health))} finished)</span>
                </>
              )}
            </Figure>
            <Figure label="Failures in the last 24 hours">
              <span className="text-lg font-semibold">{health.dayFullyCovered ? '' : '≥ '}{formatNumber(health.failedLast24h)}</span>
            </Figure>
            {health.latency && (
              <Figure label="Attempt latency">
                median <span className="font-semibold">{formatMs(health.latency.medianMs)}</span>, p95{' '}
                <span className="font-semibold">{formatMs(health.latency.p95Ms)}</span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">over {lastCount(health.latency.attempts, 'attempt', 'attempts')}</span>
              </Figure>
            )}
          </dl>
          {health.failingBecause && (
            <p className="mt-3 text-sm" data-testid="failing-reason">
              Failing because {failingReason(health.failingBecause)}.
            </p>
          )}
          <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
            Over {lastCount(Math.min(health.considered, HEALTH_WINDOW), 'delivery', 'deliveries')}
            {health.inFlight > 0 ? `; not counted: ${formatNumber(health.inFlight)} still being delivered` : ''}. {FAILING_RULE}
          </p>
        </>
      )}
    </Card>
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
