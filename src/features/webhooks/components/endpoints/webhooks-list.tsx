import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Webhook as WebhookIcon } from 'lucide-react';
import type { WebhookSummary } from '@/api/schemas/webhooks';
import { Button, buttonClass } from '@/components/ui/form/button';
import { EmptyState } from '@/components/ui/feedback/empty-state';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Field } from '@/components/ui/form/field';
import { Input } from '@/components/ui/form/input';
import { Pager } from '@/components/ui/data/pager';
import { Table, type Column } from '@/components/ui/data/table';
import { Time } from '@/components/ui/data/time';
import { useWebhooks } from '../../api/get-webhooks';
import { parseListParams } from '../../lib/events-params';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { ActiveBadge } from '../status-badge';
import { WebhookHealthCell } from '../deliveries/health-card';
import { useUrlSearch } from '@/lib/use-url-search';

const LIMIT = 10;

/** Webhooks of the account: keyword search (debounced) and page live in the URL. */
export function WebhooksList() {
  const { t } = useLingui();
  const [search, setSearch] = useUrlSearch();
  const { page, q } = parseListParams(search);
  const [keyword, setKeyword] = useState(q);
  const [creating, setCreating] = useState(false);
  const createButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (keyword.trim() === q) return;
    const timer = setTimeout(() => {
      setSearch(
        (current) => {
          if (keyword.trim()) current.set('q', keyword.trim());
          else current.delete('q');
          current.delete('page');
          return current;
        },
        { replace: true },
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [keyword, q, setSearch]);

  const query = useWebhooks({ page, limit: LIMIT, keyword: q || undefined });
  const goTo = (p: number) => {
    setSearch((current) => {
      current.set('page', String(p));
      return current;
    });
  };

  const total = query.data?.pagination.total ?? 0;
  const empty = query.data && query.data.pagination.total === 0 && !q;

  const columns: Column<WebhookSummary>[] = [
    {
      key: 'name',
      header: t`Name`,
      primary: true,
      cell: (hook) => (
        <Link className="font-medium text-indigo-700 underline dark:text-indigo-300" to={`/webhooks/${hook.id}`}>
          {hook.name}
        </Link>
      ),
    },
    { key: 'url', header: t`URL`, cell: (hook) => <span className="font-mono text-xs break-all">{hook.url}</span> },
    { key: 'state', header: t`State`, cell: (hook) => <ActiveBadge active={hook.isActive} /> },
    { key: 'last-sent', header: t`Last sent`, cell: (hook) => (hook.lastSentAt ? <Time value={hook.lastSentAt} /> : t`Never`) },
    {
      key: 'health',
      header: (
        <Trans>
          Health <span className="font-normal text-zinc-600 dark:text-zinc-400">(last 100 deliveries)</span>
        </Trans>
      ),
      stackedLabel: t`Health`,
      cell: (hook) => <WebhookHealthCell webhookId={hook.id} />,
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Field label={t`Search webhooks`} className="w-72 max-w-full">
          {(control) => <Input {...control} type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t`Name or URL`} />}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Link to="/webhooks/signature-checker" className={buttonClass({ variant: 'secondary' })}>
            <Trans>Signature checker</Trans>
          </Link>
          <Button ref={createButton} onClick={() => setCreating(true)}>
            <Trans>Create webhook</Trans>
          </Button>
        </div>
      </div>

      {query.isError ? (
        <ErrorAlert error={query.error} title={t`Could not load webhooks`} onRetry={() => void query.refetch()} />
      ) : empty ? (
        <EmptyState
          icon={WebhookIcon}
          title={t`No webhooks yet`}
          description={t`A webhook tells your system when an order is done, so you need not poll. When an order completes or fails, the service POSTs signed JSON to your URL; you check the signature with the webhook's secret.`}
          action={
            <Button onClick={() => setCreating(true)}>
              <Trans>Create a webhook</Trans>
            </Button>
          }
        />
      ) : (
        <>
          <Table
            caption={t`Webhooks of this account`}
            captionHidden
            columns={columns}
            rows={query.data?.webhooks}
            loading={query.isPending}
            rowKey={(hook) => String(hook.id)}
            rowData={() => ({ 'data-testid': 'webhook-row' })}
            empty={t`No webhook matches “${q}”.`}
          />
          {query.data && (
            <Pager page={page} totalPages={query.data.pagination.totalPages} onPage={goTo} summary={t`${plural(total, { one: '# webhook', other: '# webhooks' })}`} />
          )}
        </>
      )}
      {/* Opened from the empty state, the opener is gone once the first webhook is listed. */}
      <CreateWebhookDialog open={creating} onClose={() => setCreating(false)} returnFocus={createButton} />
    </div>
  );
}
