import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { CopyButton } from '@/components/ui/copy-button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { useDeliveryAttempts } from '../api/emulator-api';
import { isInFlight } from '../lib/next-retry';

/** Emulator only: every attempt of one delivery and the exact request that was sent. */
export function EventAttempts({ webhookId, event }: { webhookId: number; event: DeliveryEvent }) {
  const query = useDeliveryAttempts(webhookId, event.id, isInFlight(event.status));
  if (query.isPending) return <Skeleton className="h-20 w-full" />;
  if (query.isError) return <ErrorAlert error={query.error} title="Could not load the attempts" onRetry={() => void query.refetch()} />;
  const { attempts, request, nextAttemptAt } = query.data;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <h3 className="font-semibold">Attempts (from the emulator)</h3>
      {attempts.length === 0 ? (
        <p>No attempt yet.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {attempts.map((a) => (
            <li key={a.attempt} className="rounded border border-zinc-200 p-2 dark:border-zinc-700">
              <p>
                #{a.attempt} · <time dateTime={a.startedAt}>{formatDateTime(a.startedAt)}</time> · {a.durationMs} ms ·{' '}
                {a.statusCode !== null ? `${a.statusCode >= 200 && a.statusCode < 300 ? '✓' : '✕'} HTTP ${a.statusCode}` : `✕ ${a.error ?? 'no answer'}`}
              </p>
              {a.responseExcerpt && <pre className="mt-1 overflow-x-auto text-xs whitespace-pre-wrap">{a.responseExcerpt}</pre>}
            </li>
          ))}
        </ol>
      )}
      {nextAttemptAt && <p>Next attempt at {formatDateTime(nextAttemptAt)}.</p>}
      <h3 className="font-semibold">Request sent</h3>
      <p className="font-mono text-xs break-all">POST {request.url}</p>
      <pre className="overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-800">
        {Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`).join('\n')}
      </pre>
      <pre aria-label="Request body" className="overflow-x-auto rounded bg-zinc-100 p-2 text-xs whitespace-pre-wrap break-all dark:bg-zinc-800">{request.body}</pre>
      <div><CopyButton text={request.body} what="request body" /></div>
    </div>
  );
}
