import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/layout/card';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { useWebhooks } from '../../api/get-webhooks';

const SHOWN = 3;
const linkClass = 'text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

/** Overview card: the webhooks by name with their state in words, and the total. */
export function WebhooksAtAGlance() {
  const { t } = useLingui();
  const query = useWebhooks({ page: 1, limit: SHOWN });
  let body;
  if (query.isPending) {
    body = <Skeleton className="h-12 w-full" />;
  } else if (query.isError) {
    body = <ErrorAlert error={query.error} title={t`The webhooks could not be loaded.`} onRetry={() => void query.refetch()} />;
  } else if (query.data.pagination.total === 0) {
    body = (
      <p className="text-sm">
        <Trans>
          No webhooks yet: a webhook tells your server when an order is done.{' '}
          <Link to="/webhooks" className={linkClass}>
            Set up a webhook
          </Link>
        </Trans>
      </p>
    );
  } else {
    const { total } = query.data.pagination;
    body = (
      <>
        <p className="mb-2 text-sm">{t`${plural(total, { one: '# webhook', other: '# webhooks' })}`}</p>
        <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
          {query.data.webhooks.map((hook) => (
            <li key={hook.id} className="flex items-center justify-between gap-2 py-1.5">
              <Link to={`/webhooks/${hook.id}`} className={`${linkClass} min-w-0 truncate`}>
                {hook.name}
              </Link>
              <span className="shrink-0 text-zinc-600 dark:text-zinc-400">{hook.isActive ? t`Active` : t`Paused`}</span>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <Card
      title={t`Webhooks`}
      actions={
        query.data?.pagination.total ? (
          <Link to="/webhooks" className={linkClass}>
            <Trans>Manage webhooks</Trans>
          </Link>
        ) : undefined
      }
    >
      {body}
    </Card>
  );
}
