import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { DeliveryEvent, RetryEventResponse } from '@/api/schemas/webhooks';
import { CopyButton } from '@/components/ui/form/copy-button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { Time } from '@/components/ui/data/time';
import { useDeliveryAttempts } from '../../api/get-delivery-attempts';
import { diagnose, errorWords } from '../../lib/diagnose';
import { isInFlight } from '../../lib/next-retry';
import { CopyAsCurl } from './copy-as-curl';
import { DiagnosisDetails } from './diagnosis-details';

/** "✓ HTTP 200", "✕ HTTP 500", "✕ timeout". */
function AttemptOutcome({ statusCode, error }: { statusCode: number | null; error: string | null }) {
  const { t } = useLingui();
  if (statusCode === null) {
    const words = errorWords(error);
    return <>{t`✕ ${words}`}</>;
  }
  return <>{statusCode >= 200 && statusCode < 300 ? t`✓ HTTP ${statusCode}` : t`✕ HTTP ${statusCode}`}</>;
}

/** Emulator only: every attempt of one delivery, why it failed, and the exact request that was sent. */
export function EventAttempts({ webhookId, event, retryOutcome }: { webhookId: number; event: DeliveryEvent; retryOutcome?: RetryEventResponse }) {
  // The diagnosis is worded during render: useLingui() re-renders it on a language change.
  const { t } = useLingui();
  const query = useDeliveryAttempts(webhookId, event.id, isInFlight(event.status));
  if (query.isPending) return <Skeleton className="h-20 w-full" />;
  if (query.isError) return <ErrorAlert error={query.error} title={t`Could not load the attempts`} onRetry={() => void query.refetch()} />;
  const { attempts, request, nextAttemptAt } = query.data;
  const diagnosis = diagnose({ webhookId, event, attempts, retryOutcome });
  return (
    <div className="flex flex-col gap-3 text-sm">
      {diagnosis && <DiagnosisDetails diagnosis={diagnosis} />}
      <h3 className="font-semibold">
        <Trans>Attempts (from the emulator)</Trans>
      </h3>
      {attempts.length === 0 ? (
        <p>
          <Trans>No attempt yet.</Trans>
        </p>
      ) : (
        <ol className="flex flex-col gap-2">
          {attempts.map((a) => {
            const duration = a.durationMs;
            return (
              <li key={a.attempt} className="rounded border border-zinc-200 p-2 dark:border-zinc-700">
                <p>
                  #{a.attempt} · <Time value={a.startedAt} display="zoned" /> · {t`${duration} ms`} ·{' '}
                  <AttemptOutcome statusCode={a.statusCode} error={a.error} />
                </p>
                {a.responseExcerpt && <pre className="mt-1 overflow-x-auto text-xs whitespace-pre-wrap">{a.responseExcerpt}</pre>}
              </li>
            );
          })}
        </ol>
      )}
      {nextAttemptAt && (
        <p>
          <Trans>
            Next attempt at <Time value={nextAttemptAt} display="zoned" />.
          </Trans>
        </p>
      )}
      <h3 className="font-semibold">
        <Trans>Request sent</Trans>
      </h3>
      <p className="font-mono text-xs break-all">POST {request.url}</p>
      <pre className="overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-800">
        {Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`).join('\n')}
      </pre>
      <pre aria-label={t`Request body`} className="overflow-x-auto rounded bg-zinc-100 p-2 text-xs whitespace-pre-wrap break-all dark:bg-zinc-800">{request.body}</pre>
      <div className="flex flex-wrap items-center gap-3">
        <CopyButton text={request.body} what={t`request body`} />
        <Link to={`/webhooks/signature-checker?webhookId=${webhookId}&eventId=${event.id}`} className="text-indigo-700 underline dark:text-indigo-300">
          <Trans>Debug the signature of this delivery</Trans>
        </Link>
      </div>
      <CopyAsCurl request={request} />
    </div>
  );
}
