import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { isApiError } from '@/api/api-error';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeliveries } from '../api/webhook-health-api';
import { useRefreshWebhook, useWebhook } from '../api/webhooks-api';
import { DeleteWebhook } from './delete-webhook';
import { DeliveryEvents } from './delivery-events';
import { WebhookHealthCard } from './webhook-health';
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
