import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { isApiError } from '@/api/api-error';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { PageHeader } from '@/components/ui/layout/page-header';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { useDeliveries } from '../../api/get-deliveries';
import { useRefreshWebhook } from '../../api/refresh-webhook';
import { useWebhook } from '../../api/get-webhook';
import { DeleteWebhook } from './delete-webhook-zone';
import { DeliveryEvents } from '../deliveries/delivery-events';
import { WebhookHealthCard } from '../deliveries/health-card';
import { WebhookSettings } from './webhook-settings';

export function WebhookDetail({ webhookId }: { webhookId: number }) {
  const { t } = useLingui();
  const query = useWebhook(webhookId);
  // One read of the deliveries for the health card, the events table and the diagnosis, and one refresh for all.
  const deliveries = useDeliveries(webhookId);
  const { refresh, refreshing } = useRefreshWebhook(webhookId);
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label={t`Loading webhook`}>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <div>
          <PageHeader title={t`Webhook not found`} description={t`It may have been deleted, or it belongs to another account.`} />
          <Link to="/webhooks" className="text-indigo-700 underline dark:text-indigo-300">
            <Trans>Back to webhooks</Trans>
          </Link>
        </div>
      );
    }
    return <ErrorAlert error={query.error} title={t`Could not load the webhook`} onRetry={() => void query.refetch()} />;
  }
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={query.data.name}
        description={
          <Link to="/webhooks" className="text-indigo-700 underline dark:text-indigo-300">
            <Trans>All webhooks</Trans>
          </Link>
        }
      />
      <WebhookHealthCard deliveries={deliveries} />
      <WebhookSettings hook={query.data} />
      <DeliveryEvents
        webhookId={webhookId}
        deliveries={deliveries}
        onRefresh={() => void refresh()}
        refreshing={refreshing}
      />
      <DeleteWebhook hook={query.data} />
    </div>
  );
}
