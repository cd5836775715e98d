import { Link } from 'react-router-dom';
import type { DeliveryEvent, RetryEventResponse } from '@/api/schemas/webhooks';
import { CopyButton } from '@/components/ui/copy-button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { Time } from '@/components/ui/time';
import { useDeliveryAttempts } from '../api/emulator-api';
import { diagnose } from '../lib/diagnose';
import { isInFlight } from '../lib/next-retry';
import { CopyAsCurl } from './copy-as-curl';
import { DiagnosisDetails } from './diagnosis-details';

/** Emulator only: every attempt of one delivery, why it failed, and the exact request that was sent. */
export function EventAttempts({ webhookId, event, retryOutcome }: { webhookId: number; event: DeliveryEvent; retryOutcome?: RetryEventResponse }) {
  const query = useDeliveryAttempts(webhookId, event.id, isInFlight(event.status));
  if (query.isPending) return <Skeleton className="h-20 w-full" />;
  if (query.isError) return <ErrorAlert error={query.error} title="Could not load the attempts" onRetry={() => void query.refetch()} />;
  const { attempts, request, nextAttemptAt } = query.data;
  const diagnosis = diagnose({ webhookId, event, attempts, retryOutcome });
  return (
    <div className="flex flex-col gap-3 text-sm">
      {diagnosis && <DiagnosisDetails diagnosis={diagnosis} />}
      <h3 className="font-semibold">Attempts (from the emulator)</h3>
      {attempts.length === 0 ? (
        <p>No attempt yet.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {attempts.map((a) => (
            <li key={a.attempt} className="rounded border border-zinc-200 p-2 dark:border-zinc-700">
              <p>
                #{a.attempt} · <Time value={a.startedAt} display="absolute" /> · {a.durationMs} ms ·{' '}
                {a.statusCode !== null ? `${a.statusCode >= 200 && a.statusCode < 300 ? '✓' : '✕'} HTTP ${a.statusCode}` : `✕ ${a.error ?? 'no answer'}`}
              </p>
              {a.responseExcerpt && <pre className="mt-1 overflow-x-auto text-xs whitespace-pre-wrap">{a.responseExcerpt}</pre>}
            </li>
          ))}
        </ol>
      )}
      {nextAttemptAt && <p>Next attempt at <Time value={nextAttemptAt} display="absolute" />.</p>}
      <h3 className="font-semibold">Request sent</h3>
      <p className="font-mono text-xs break-all">POST {request.url}</p>
      <pre className="overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-800">
        {Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`).join('\n')}
      </pre>
      <pre aria-label="Request body" className="overflow-x-auto rounded bg-zinc-100 p-2 text-xs whitespace-pre-wrap break-all dark:bg-zinc-800">{request.body}</pre>
      <div className="flex flex-wrap items-center gap-3">
        <CopyButton text={request.body} what="request body" />
        <Link to={`/webhooks/signature-checker?webhookId=${webhookId}&eventId=${event.id}`} className="text-indigo-700 underline dark:text-indigo-300">
          Debug the signature of this delivery
        </Link>
      </div>
      <CopyAsCurl request={request} />
    </div>
  );
}
