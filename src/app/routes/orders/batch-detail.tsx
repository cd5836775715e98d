import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router-dom';
import { BackLink } from '@/components/ui/layout/back-link';
import { PageHeader } from '@/components/ui/layout/page-header';
import { OrderStatusBadge } from '@/features/orders/components/order-status-badge';
import { BatchOrders } from '@/features/uploads/components/batch/batch-orders';
import { uploadBatches } from '@/features/uploads/lib/batch/batch-store';

export function Component() {
  const { t } = useLingui();
  const { batchId = '' } = useParams();
  const name = uploadBatches().load(batchId)?.name;
  return (
    <>
      <div className="mb-3 flex">
        <BackLink to="/orders">
          <Trans>Back to orders</Trans>
        </BackLink>
      </div>
      <PageHeader title={name ? t`Batch: ${name}` : t`Batch`} description={t`The orders this batch was sent as, their states and their results.`} />
      <BatchOrders batchId={batchId} renderStatus={(status) => <OrderStatusBadge status={status} />} />
    </>
  );
}
