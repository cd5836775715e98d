import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router-dom';
import { isApiError } from '@/api/api-error';
import { BackLink } from '@/components/ui/layout/back-link';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { PageHeader } from '@/components/ui/layout/page-header';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { useOrder } from '@/features/orders/api/get-order';
import { OrderNotFound } from '@/features/orders/components/detail/order-detail';
import { EvidenceReport } from '@/features/uploads/components/tracing/evidence-report';
import { useTracingAccount } from '@/app/tracing-account';

/** The printable evidence report of a detected extract order (docs/decisions/leak-tracing.md). */
export function Component() {
  const { t } = useLingui();
  const { orderId = '' } = useParams();
  const account = useTracingAccount();
  const query = useOrder(orderId);
  if (query.isPending) return <Skeleton className="h-96 w-full" />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.code === 'ORDER_NOT_FOUND') return <OrderNotFound orderId={orderId} />;
    return (
      <>
        <PageHeader title={t`Evidence report`} />
        <ErrorAlert error={query.error} title={t`The order could not be loaded.`} onRetry={() => void query.refetch()} />
      </>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex print:hidden">
        <BackLink to={`/orders/${encodeURIComponent(orderId)}`}>
          <Trans>Back to the order</Trans>
        </BackLink>
      </div>
      <EvidenceReport key={orderId} order={query.data} account={account.label} ledgerAccount={account.ledger} />
    </div>
  );
}
