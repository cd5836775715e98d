import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/layout/card';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { formatNumber } from '@/lib/format';
import { useWebhooks } from '../../api/get-webhooks';

/** Overview card: how many webhooks the account has (only the total is needed, so one row is asked for). */
export function WebhookCount() {
  const { t } = useLingui();
  const query = useWebhooks({ page: 1, limit: 1 });
  return (
    <Card title={t`Webhooks`}>
      {query.isPending ? (
        <Skeleton className="h-8 w-16" />
      ) : query.isError ? (
        <ErrorAlert error={query.error} title={t`Could not count webhooks`} onRetry={() => void query.refetch()} />
      ) : (
        <p className="flex items-baseline gap-3">
          <span className="text-3xl font-semibold">{formatNumber(query.data.pagination.total)}</span>
          <Link to="/webhooks" className="text-sm text-indigo-700 underline dark:text-indigo-300">
            {query.data.pagination.total === 0 ? t`Set up a webhook` : t`Manage webhooks`}
          </Link>
        </p>
      )}
    </Card>
  );
}
