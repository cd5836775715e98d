import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageButtons } from '@/components/ui/pager';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatNumber, formatRelative } from '@/lib/format';
import { useWebhooks } from '../api/webhooks-api';
import { parseListParams } from '../lib/events-params';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { ActiveBadge } from './status-badge';
import { WebhookHealthCell } from './webhook-health';
import { formatCount } from '@/lib/plural';

const LIMIT = 10;

/** Webhooks of the account: keyword search (debounced) and page live in the URL. */
export function WebhooksList() {
  const [search, setSearch] = useSearchParams();
  const { page, q } = parseListParams(search);
  const [keyword, setKeyword] = useState(q);
  const [creating, setCreating] = useState(false);
  const searchId = useId();
  const createButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (keyword.trim() === q) return;
    const timer = setTimeout(() => {
      const next = new URLSearchParams(search);
      if (keyword.trim()) next.set('q', keyword.trim());
      else next.delete('q');
      next.delete('page');
      setSearch(next, { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [keyword, q, search, setSearch]);

  const query = useWebhooks({ page, limit: LIMIT, keyword: q || undefined });
  const goTo = (p: number) => {
    const next = new URLSearchParams(search);
    next.set('page', String(p));
    setSearch(next);
  };

  const empty = query.data && query.data.pagination.total === 0 && !q;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium">Search webhooks</label>
          <input
            id={searchId}
            type="search"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder="Name or URL"
            className="w-72 max-w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/webhooks/signature-checker" className="rounded-md border border-zinc-300 px-3 py-2 text-sm dark:border-zinc-700">Signature checker</Link>
          <Button ref={createButton} onClick={() => setCreating(true)}>Create webhook</Button>
        </div>
      </div>

      {query.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading webhooks">
          {[0, 1, 2].map((i) => <Skeleton key={i} className="h-10 w-full" />)}
        </div>
      ) : query.isError ? (
        <ErrorAlert error={query.error} title="Could not load webhooks" onRetry={() => void query.refetch()} />
      ) : empty ? (
        <div className="rounded-lg border border-dashed border-zinc-300 p-6 text-center dark:border-zinc-700">
          <h2 className="text-lg font-semibold">No webhooks yet</h2>
          <p className="mx-auto mt-2 max-w-prose text-sm text-zinc-700 dark:text-zinc-300">
            A webhook tells your system when an order is done, so you need not poll. When an order completes or fails, the service POSTs
            signed JSON to your URL; you check the signature with the webhook's secret.
          </p>
          <Button className="mt-4" onClick={() => setCreating(true)}>Create a webhook</Button>
        </div>
      ) : query.data.webhooks.length === 0 ? (
        <p>No webhook matches “{q}”.</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-zinc-200 dark:border-zinc-700">
                <tr>
                  <th className="py-2 pr-3">Name</th>
                  <th className="py-2 pr-3">URL</th>
                  <th className="py-2 pr-3">State</th>
                  <th className="py-2 pr-3">Last sent</th>
                  <th className="py-2 pr-3">Health <span className="font-normal text-zinc-600 dark:text-zinc-400">(last 100 deliveries)</span></th>
                </tr>
              </thead>
              <tbody>
                {query.data.webhooks.map((hook) => (
                  <tr key={hook.id} className="border-b border-zinc-100 dark:border-zinc-800">
                    <td className="py-2 pr-3"><Link className="font-medium text-indigo-700 underline dark:text-indigo-300" to={`/webhooks/${hook.id}`}>{hook.name}</Link></td>
                    <td className="max-w-xs truncate py-2 pr-3 font-mono text-xs" title={hook.url}>{hook.url}</td>
                    <td className="py-2 pr-3"><ActiveBadge active={hook.isActive} /></td>
                    <td className="py-2 pr-3">
                      {hook.lastSentAt ? <time dateTime={hook.lastSentAt} title={formatDateTime(hook.lastSentAt)}>{formatRelative(hook.lastSentAt)}</time> : 'Never'}
                    </td>
                    <td className="py-2 pr-3"><WebhookHealthCell webhookId={hook.id} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p>Page {formatNumber(page)} of {formatNumber(Math.max(query.data.pagination.totalPages, 1))} · {formatCount(query.data.pagination.total, 'webhook', 'webhooks')}</p>
            <div className="flex gap-2">
              <PageButtons page={page} totalPages={query.data.pagination.totalPages} onPage={goTo} />
            </div>
          </nav>
        </>
      )}
      {/* Opened from the empty state, the opener is gone once the first webhook is listed. */}
      <CreateWebhookDialog open={creating} onClose={() => setCreating(false)} returnFocus={createButton} />
    </div>
  );
}
